import { PipelinePage } from "@/components/proposals/pipeline/pipeline-page";

export const metadata = { title: "Pipeline" };

// The proposals layout has sent a signed-out visitor to sign-in (and back here).
export default function Page() {
  return <PipelinePage />;
}
