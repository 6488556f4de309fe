import { act } from "react";
import { createRoot } from "react-dom/client";
import { ToastProvider } from "@/components/ui/toast";

// React's act() warns unless told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Runs a hook in a component mounted in a DOM (a test file under `@vitest-environment happy-dom`),
 * inside the app's toast provider, whose messages show in `page`. `result.current` is what the
 * hook returned on its last render.
 */
export function renderHook<R>(useHook: () => R) {
  const result = {} as { current: R };
  function Probe() {
    result.current = useHook();
    return null;
  }
  const page = document.createElement("div");
  document.body.append(page);
  const root = createRoot(page);
  act(() =>
    root.render(
      <ToastProvider>
        <Probe />
      </ToastProvider>,
    ),
  );

  /** Clicks the button named `name` (a toast's Undo). */
  function click(name: string) {
    const button = [...page.querySelectorAll("button")].find((b) => b.textContent === name);
    if (!button) throw new Error(`No button “${name}” in: ${page.textContent}`);
    act(() => button.click());
  }

  return { result, page, click, unmount: () => act(() => root.unmount()) };
}
