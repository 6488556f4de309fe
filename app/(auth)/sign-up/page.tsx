import { SignUpForm } from "@/components/auth/sign-up-form";

export const metadata = { title: "Sign up" };

export default function SignUpPage() {
  return <SignUpForm />;
}
