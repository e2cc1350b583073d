import type * as pulumi from "@pulumi/pulumi";
import { randomUUID } from "node:crypto";

/**
 * A provider that makes no API call: create returns a fresh id and echoes the
 * inputs. It is the engine-and-Node floor in benchmarks and the resource of
 * the engine smoke test.
 */
export const provider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async diff(_id, olds, news) {
    const changed = JSON.stringify(olds["value"] ?? null) !== JSON.stringify(news["value"] ?? null);
    return { changes: changed };
  },
  async create(inputs) {
    return { id: randomUUID(), outs: { ...inputs } };
  },
  async read(id, props) {
    return { id, props };
  },
  async update(_id, _olds, news) {
    return { outs: { ...news } };
  },
  async delete() {
    // Nothing exists outside the state.
  },
};
