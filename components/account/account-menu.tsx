"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";

export function AccountMenu({ name, email }: { name: string; email: string }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !ref.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", close);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-100"
      >
        <span aria-hidden className="grid h-7 w-7 place-items-center rounded-full bg-slate-200 text-xs font-semibold">
          {name.slice(0, 1).toUpperCase() || "?"}
        </span>
        <span className="hidden sm:inline">{name}</span>
        <span className="sr-only">Account menu</span>
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 z-20 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          <p className="truncate px-3 py-2 text-xs text-slate-500">{email}</p>
          <Link
            role="menuitem"
            href="/account/api-keys"
            className="block px-3 py-2 text-sm hover:bg-slate-50"
            onClick={() => setOpen(false)}
          >
            API keys
          </Link>
          <Link
            role="menuitem"
            href="/account/notifications"
            className="block px-3 py-2 text-sm hover:bg-slate-50"
            onClick={() => setOpen(false)}
          >
            Notifications
          </Link>
          <button
            role="menuitem"
            type="button"
            className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-50"
            // next-auth's client is fetched when it is needed, not with every page that has this menu.
            onClick={() => import("next-auth/react").then(({ signOut }) => signOut({ callbackUrl: "/sign-in" }))}
          >
            Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}
