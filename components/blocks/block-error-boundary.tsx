"use client";

import { Component, type ReactNode } from "react";
import { BlockNote } from "./block-note";

/** One block that throws while rendering shows the small note; the rest of the page stays. */
export class BlockErrorBoundary extends Component<{ children: ReactNode; resetKey?: unknown }, { failed: boolean; resetKey?: unknown }> {
  state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  // A new content (the editor's live preview) gets a fresh chance to render.
  static getDerivedStateFromProps(props: { resetKey?: unknown }, state: { failed: boolean; resetKey?: unknown }) {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown) {
    console.error("A block could not be rendered", error);
  }

  render() {
    return this.state.failed ? <BlockNote /> : this.props.children;
  }
}
