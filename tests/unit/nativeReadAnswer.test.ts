// A refresh answers thousands of Reads; the native server sends the engine's
// own properties back when the refresh found them unchanged and their secrets
// are wrapped as it would wrap them (provider/native/values.ts). These are the
// two checks that decide it: when either says no, the outputs are converted
// as before, so the engine always receives what outputsForEngine would send.
import { outputsForEngine, SECRET_SIG, SIG_KEY, sameOutputs, unwrapSecrets, wrappedAsSecrets } from "../../provider/native/values";

const secret = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, value });

describe("native Read: the engine's properties sent back unchanged", () => {
  it("sameOutputs: equal JSON, undefined as absent in a record and null in a list", () => {
    const recorded = { name: "p", tags: ["a", null], nested: { x: 1 }, stateVersion: 1 };
    expect(sameOutputs({ name: "p", tags: ["a", undefined], nested: { x: 1 }, stateVersion: 1, gone: undefined }, recorded)).toBe(true);
    expect(sameOutputs({ ...recorded, name: "q" }, recorded)).toBe(false);
    expect(sameOutputs({ ...recorded, nested: { x: 1, y: 2 } }, recorded)).toBe(false);
    expect(sameOutputs({ name: "p", tags: ["a", null], nested: { x: 1 } }, recorded)).toBe(false);
    expect(sameOutputs({ ...recorded, tags: ["a"] }, recorded)).toBe(false);
    expect(sameOutputs({ ...recorded, stateVersion: "1" }, recorded)).toBe(false);
  });

  it("wrappedAsSecrets: only when each secret property is wrapped whole, as outputsForEngine wraps it", () => {
    const secrets = new Set(["secretFingerprints"]);
    const plain = { name: "s", secretFingerprints: { salt: "x", values: {} } };
    const wrapped = outputsForEngine(plain, secrets);
    expect(wrappedAsSecrets(wrapped, secrets)).toBe(true);
    // A secret property the engine sent plain, or a secret nested in another property, is converted instead.
    expect(wrappedAsSecrets(plain, secrets)).toBe(false);
    expect(wrappedAsSecrets({ ...wrapped, name: { inner: secret("s") } }, secrets)).toBe(false);
    expect(wrappedAsSecrets({ ...wrapped, secretFingerprints: secret({ salt: secret("x") }) }, secrets)).toBe(false);
    // Round trip: what the engine sends back for an unchanged refresh is what outputsForEngine makes of the unwrapped values.
    const { plain: unwrapped } = unwrapSecrets(wrapped);
    expect(sameOutputs(unwrapped, plain)).toBe(true);
    expect(outputsForEngine(unwrapped, secrets)).toEqual(wrapped);
  });
});
