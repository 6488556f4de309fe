"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";

/**
 * Sends a signed-out visitor to sign-in with `next` set to the url they asked for. The layout uses
 * it because a layout does not know its url; pages that call requireUser redirect on the server first.
 */
export function SignInRedirect() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  useEffect(() => {
    const query = params.toString();
    router.replace(`/sign-in?next=${encodeURIComponent(query ? `${pathname}?${query}` : pathname)}`);
  }, [params, pathname, router]);
  return <p className="p-8 text-center text-sm text-slate-600">Sign in to continue…</p>;
}
