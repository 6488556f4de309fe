import { LearnHome } from "@/components/learn/learn-home";
import { Providers } from "@/components/providers";

export const metadata = { title: "Your courses" };

export default function LearnPage() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Your courses</h1>
      <Providers>
        <LearnHome />
      </Providers>
    </div>
  );
}
