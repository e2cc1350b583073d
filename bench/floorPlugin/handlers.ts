/**
 * The floor plugin's answers: every `ResourceProvider` call answered at once,
 * from the package schema alone, with no API call, no validation and no wait.
 * It measures what the engine, the program and the protocol cost for a stack
 * of langsmith resources, so a ratio ours / floor isolates what the real
 * plugin adds (bench/estate.ts).
 *
 * - CheckConfig, Configure, DiffConfig: accept (no change).
 * - Check: the news are the inputs.
 * - Diff: no change when the old inputs equal the news, else an in-place update of the keys that differ.
 * - Create: a fresh id; outputs = the inputs plus a plain value for each output-only property of the resource.
 * - Read: the given id, state and inputs.
 * - Update: the news plus the old output-only values (the state keeps its size).
 * - Delete, Cancel, Attach: done. Invoke: an empty answer. GetSchema: the schema text as given.
 */
import { randomUUID } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import type { ProviderHandlers } from "../../provider/native/serve";

/** A property of the schema, as far as the floor reads it. */
interface SchemaProperty {
  readonly type?: string;
  readonly $ref?: string;
}

/** A resource of the schema, as far as the floor reads it. */
interface SchemaResource {
  readonly properties?: Readonly<Record<string, SchemaProperty>>;
  readonly inputProperties?: Readonly<Record<string, SchemaProperty>>;
}

/** The parts of the package schema the floor reads: its version and each resource's properties. */
export interface FloorSchema {
  readonly version: string;
  readonly resources: Readonly<Record<string, SchemaResource>>;
}

type Values = Record<string, unknown>;

function toStruct(value: Values): structproto.Struct {
  return structproto.Struct.fromJavaScript(value as Record<string, structproto.JavaScriptValue>);
}

function fromStruct(struct: structproto.Struct | undefined): Values {
  return struct ? (struct.toJavaScript() as Values) : {};
}

/** Structural equality of two protocol values (object key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  const left = a as Values;
  const right = b as Values;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => sameValue(left[key], right[key]));
}

/** A plain value of a property's type: `"floor"`, `0`, `false`, `[]` or `{}` (objects and references). */
export function plainValue(property: SchemaProperty): unknown {
  switch (property.type) {
    case "string":
      return "floor";
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    case "array":
      return [];
    default:
      return {};
  }
}

/**
 * The output-only properties of each resource (in `properties`, not in
 * `inputProperties`), with a plain value each, keyed by resource token.
 */
export function outputOnlyValues(schema: FloorSchema): Map<string, Values> {
  const byToken = new Map<string, Values>();
  for (const [token, resource] of Object.entries(schema.resources)) {
    const inputs = resource.inputProperties ?? {};
    const values: Values = {};
    for (const [name, property] of Object.entries(resource.properties ?? {})) {
      if (!(name in inputs)) values[name] = plainValue(property);
    }
    byToken.set(token, values);
  }
  return byToken;
}

/** The resource token of a request: its type, or the last part of its URN's type. */
function tokenOf(type: string, urn: string): string {
  return type !== "" ? type : (urn.split("::")[2]?.split("$").pop() ?? "");
}

function unimplemented(what: string): grpc.ServiceError {
  const details = `${what} is not implemented by the floor plugin`;
  return Object.assign(new Error(details), { code: grpc.status.UNIMPLEMENTED, details, metadata: new grpc.Metadata() });
}

/**
 * The floor plugin's handlers, keyed as `ResourceProviderService` expects.
 *
 * @param schema the parsed package schema (the real plugin's, see scripts/build-floor-plugin.mjs).
 * @param schemaText the schema exactly as GetSchema answers it.
 */
export function floorHandlers(schema: FloorSchema, schemaText: string): ProviderHandlers {
  const outputs = outputOnlyValues(schema);
  const outputsOf = (type: string, urn: string): Values => outputs.get(tokenOf(type, urn)) ?? {};
  const answer = <Req, Res>(respond: (request: Req) => Res) => {
    return (call: grpc.ServerUnaryCall<Req, Res>, callback: grpc.sendUnaryData<Res>) => callback(null, respond(call.request));
  };
  const handlers: ProviderHandlers = {};
  for (const name of Object.keys(providerrpc.ResourceProviderService)) {
    handlers[name] = (_call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => callback(unimplemented(name));
  }
  return {
    ...handlers,
    getPluginInfo: answer(() => new pluginproto.PluginInfo().setVersion(schema.version)),
    getSchema: answer(() => new providerproto.GetSchemaResponse().setSchema(schemaText)),
    attach: answer(() => new emptyproto.Empty()),
    cancel: answer(() => new emptyproto.Empty()),
    checkConfig: answer((request: providerproto.CheckRequest) => new providerproto.CheckResponse().setInputs(request.getNews())),
    diffConfig: answer(() => new providerproto.DiffResponse().setChanges(providerproto.DiffResponse.DiffChanges.DIFF_NONE)),
    configure: answer(() =>
      new providerproto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(true).setAcceptresources(false).setAcceptoutputs(false),
    ),
    invoke: answer(() => new providerproto.InvokeResponse().setReturn(toStruct({}))),
    check: answer((request: providerproto.CheckRequest) => new providerproto.CheckResponse().setInputs(request.getNews())),
    diff: answer((request: providerproto.DiffRequest) => {
      const news = fromStruct(request.getNews());
      const olds = request.hasOldInputs() ? fromStruct(request.getOldInputs()) : fromStruct(request.getOlds());
      const changed = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter((key) => !sameValue(olds[key], news[key]));
      const response = new providerproto.DiffResponse();
      response.setChanges(changed.length > 0 ? providerproto.DiffResponse.DiffChanges.DIFF_SOME : providerproto.DiffResponse.DiffChanges.DIFF_NONE);
      response.setDiffsList(changed);
      return response;
    }),
    create: answer((request: providerproto.CreateRequest) => {
      const properties = { ...fromStruct(request.getProperties()), ...outputsOf(request.getType(), request.getUrn()) };
      return new providerproto.CreateResponse().setId(request.getPreview() ? "" : randomUUID()).setProperties(toStruct(properties));
    }),
    read: answer((request: providerproto.ReadRequest) => {
      const response = new providerproto.ReadResponse().setId(request.getId());
      const properties = request.getProperties();
      const inputs = request.getInputs();
      if (properties !== undefined) response.setProperties(properties);
      if (inputs !== undefined) response.setInputs(inputs);
      return response;
    }),
    update: answer((request: providerproto.UpdateRequest) => {
      const olds = fromStruct(request.getOlds());
      const kept = Object.fromEntries(
        Object.keys(outputsOf(request.getType(), request.getUrn()))
          .filter((key) => key in olds)
          .map((key) => [key, olds[key]]),
      );
      return new providerproto.UpdateResponse().setProperties(toStruct({ ...kept, ...fromStruct(request.getNews()) }));
    }),
    delete: answer(() => new emptyproto.Empty()),
  };
}
