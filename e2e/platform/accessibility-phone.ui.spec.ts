import { VIEWPORTS } from "../support/helpers";
import { accessibilityTests } from "./accessibility";

// The main pages of every role through axe-core, at a phone's width (390 px) (./accessibility.ts).
accessibilityTests(VIEWPORTS[1]);
