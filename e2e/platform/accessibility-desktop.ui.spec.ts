import { VIEWPORTS } from "../support/helpers";
import { accessibilityTests } from "./accessibility";

// The main pages of every role through axe-core, at a desktop's width (./accessibility.ts).
accessibilityTests(VIEWPORTS[0]);
