import { AppError } from "@/lib/api/errors";
import { serviceError } from "@/lib/api/service";
import { authoringService } from "@/lib/authoring/service";

/** The benchmark's floor routes exist only when the server runs with BENCH_MODE=1 (bench/README.md). */
export const isBenchMode = () => process.env.BENCH_MODE === "1";

/** Answers an error in the course-authoring service's shape, as its own routes would. */
export function errorResponse(error: AppError): Response {
  const { status, body } = serviceError(authoringService, error);
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

export const notInBenchMode = () => errorResponse(new AppError("not_found", "Not found"));
