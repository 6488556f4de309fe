import { LearnHome } from "@/components/learn/learn-home";

export const metadata = { title: "Your courses" };

export default function LearnPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Your courses</h1>
      <LearnHome />
    </div>
  );
}
