import { appFetch } from "@/lib/client/api";
import type { SignUpInput, SignUpResult } from "@/lib/client/types";

/** Creates an account (and its personal workspace); signing in is next-auth's. */
export const signUp = (input: SignUpInput) => appFetch<SignUpResult>("/account/signup", { method: "POST", json: input });
