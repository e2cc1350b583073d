/**
 * The policy pack `langsmith`: LangSmith guardrails for pulumi-langsmith
 * programs, enforced with `pulumi preview --policy-pack <this directory>`.
 * Every policy is mandatory unless its configuration says otherwise
 * (`--policy-pack-config`, docs/policy.md). This module is the pack's entry
 * point, which the engine runs as a plugin: loading it serves the pack. The
 * policies themselves are in ./policies.
 */
import { PolicyPack } from "@pulumi/policy";
import { POLICIES } from "./policies";

new PolicyPack("langsmith", { enforcementLevel: "mandatory", policies: POLICIES });
