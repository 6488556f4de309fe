import { SignOutButton } from "@/components/auth/sign-out-button";

export const metadata = { title: "Sign out" };

export default function SignOutPage() {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Sign out</h1>
      <p className="text-sm text-slate-600">You will need your email and password to sign in again.</p>
      <SignOutButton />
    </div>
  );
}
