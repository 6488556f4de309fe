import { hydrateRoot } from "react-dom/client";
import { RECIPIENT_DATA_ID, RECIPIENT_ROOT_ID, RecipientTree, type RecipientData } from "./recipient-tree";

/*
 * The recipient page's script (docs/decisions/049): React and the page's components, built on
 * their own by scripts/build-recipient-script.mjs, without the app's framework. It brings the
 * server's HTML to life from the data the server wrote beside it (pages/p/[uuid].tsx).
 */
const root = document.getElementById(RECIPIENT_ROOT_ID);
const data = document.getElementById(RECIPIENT_DATA_ID)?.textContent;
if (root && data) hydrateRoot(root, <RecipientTree {...(JSON.parse(data) as RecipientData)} />);
