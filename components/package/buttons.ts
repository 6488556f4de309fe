// The package pages' buttons: plain static pages, without the app's Button component and its state.
const BUTTON =
  "inline-flex items-center justify-center rounded-md px-3 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50";
export const PRIMARY = `${BUTTON} bg-brand-600 text-white hover:bg-brand-700`;
export const SECONDARY = `${BUTTON} bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50`;
