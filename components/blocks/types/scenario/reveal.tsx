"use client";

import { useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** A scenario's answer behind a Reveal button; `children` (the answer) is shown only once revealed. */
export function ScenarioReveal({ children }: { children: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  const revealId = useId();
  return (
    <div className="mt-3">
      <Button type="button" variant="secondary" aria-expanded={revealed} aria-controls={revealId} onClick={() => setRevealed((v) => !v)}>
        {revealed ? "Hide" : "Reveal"}
      </Button>
      <div id={revealId} hidden={!revealed} className="mt-3 rounded-md border border-indigo-100 bg-white px-3 py-2">
        {revealed ? children : null}
      </div>
    </div>
  );
}
