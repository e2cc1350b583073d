/**
 * The native provider's gRPC service: the Pulumi provider protocol served
 * with the Node.js SDK's own generated bindings (`@pulumi/pulumi/proto`),
 * calling the same per-resource cores as the dynamic provider.
 *
 * Why not `@pulumi/pulumi/provider`'s server: it has no detailed diffs, drops
 * the `timeout` of create/update/delete, has no `Cancel` for in-flight work
 * and logs without the resource's URN. Each of those is a promise of this
 * provider (docs/native.md), so the protocol is served here directly.
 */
import * as grpc from "@grpc/grpc-js";
import * as anyproto from "google-protobuf/google/protobuf/any_pb";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as enginerpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engineproto from "@pulumi/pulumi/proto/engine_pb";
import * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import type { LogSeverity, OperationContext } from "../engine/context/operation";
import { ProviderSession } from "../engine/context/session";
import { isPartialFailure, messageOf } from "../engine/state/partialFailure";
import { withDefaults } from "../engine/fields/fields";
import { configFailures } from "../engine/context/settings";
import { UNKNOWN } from "../engine/fields/values";
import { withIgnoredFromNews } from "../engine/diff/ignoreChanges";
import { detailedDiff } from "./detailedDiff";
import { importNotFound } from "./importNotFound";
import { plannedCreate, plannedUpdate, secretOutputs } from "./properties";
import { serviceChangeRefusal } from "./serviceChange";
import type { LangSmithResource } from "../engine/resource";
import { type ProviderHandlers, serveProvider } from "./serve";
import { KIND_TOKENS, loadKind } from "../registry";
import { outputsForEngine, sameOutputs, unwrapSecrets, wrappedAsSecrets } from "./values";

type Call<Req> = grpc.ServerUnaryCall<Req, unknown>;
type Callback<Res> = grpc.sendUnaryData<Res>;

function toStruct(value: Record<string, unknown>): structproto.Struct {
  return structproto.Struct.fromJavaScript(value as Record<string, structproto.JavaScriptValue>);
}

function fromStruct(struct: structproto.Struct | undefined): Record<string, unknown> {
  return struct ? (struct.toJavaScript() as Record<string, unknown>) : {};
}

/** The gRPC error for a failed call; a partial failure carries the resource's id and outputs. */
function grpcError(error: unknown, secretKeys: ReadonlySet<string> = new Set()): grpc.ServiceError {
  const message = messageOf(error);
  const metadata = new grpc.Metadata();
  if (isPartialFailure(error)) {
    const detail = new providerproto.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toStruct(outputsForEngine(error.properties, secretKeys)));
    detail.setReasonsList(error.reasons);
    const any = new anyproto.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata });
}

function unimplemented(what: string): grpc.ServiceError {
  return Object.assign(new Error(`${what} is not implemented by the langsmith provider`), {
    code: grpc.status.UNIMPLEMENTED,
    details: `${what} is not implemented by the langsmith provider`,
    metadata: new grpc.Metadata(),
  });
}

/** The resource a request is for, or a clear error. */
async function resourceFor(type: string, urn: string): Promise<LangSmithResource> {
  const token = type !== "" ? type : (urn.split("::")[2]?.split("$").pop() ?? "");
  const resource = loadKind(token);
  if (resource === undefined) {
    const served = KIND_TOKENS.map((t) => t.split(":")[2]).join(", ");
    throw new Error(`unknown resource type ${token} (this provider serves ${served})`);
  }
  return resource;
}

/** The ResourceProvider service implementation. */
class LangSmithProviderService {
  /** What the plugin keeps between calls: the configuration, the clients, the operation's list reads, the cancellation. */
  private readonly session = new ProviderSession();
  /** Log lines go out one after another, in order (each waits for the previous one's answer). */
  private logChain: Promise<void> = Promise.resolve();
  private readonly engine: enginerpc.EngineClient | undefined;

  /**
   * @param version the plugin's version, e.g. `0.2.0`.
   * @param engineAddress where the engine's log service listens; progress lines go there.
   */
  constructor(
    private readonly version: string,
    engineAddress: string | undefined,
  ) {
    this.engine = engineAddress ? new enginerpc.EngineClient(engineAddress, grpc.credentials.createInsecure()) : undefined;
  }

  /** Handlers keyed as `ResourceProviderService` expects. */
  handlers(): grpc.UntypedServiceImplementation {
    const bind = <Req, Res>(fn: (request: Req) => Promise<Res>) => {
      return (call: Call<Req>, callback: Callback<Res>) => {
        fn.call(this, call.request).then(
          (response) => callback(null, response),
          (error: unknown) => callback(isServiceError(error) ? error : grpcError(error)),
        );
      };
    };
    const unsupported = (what: string) => (_call: Call<unknown>, callback: Callback<unknown>) => callback(unimplemented(what));
    return {
      handshake: unsupported("Handshake"),
      parameterize: unsupported("Parameterize"),
      getSchema: bind(this.getSchema),
      checkConfig: bind(this.checkConfig),
      diffConfig: bind(this.diffConfig),
      configure: bind(this.configure),
      invoke: bind(this.invoke),
      streamInvoke: unsupported("StreamInvoke"),
      call: unsupported("Call"),
      check: bind(this.check),
      diff: bind(this.diff),
      create: bind(this.create),
      read: bind(this.read),
      update: bind(this.update),
      delete: bind(this.delete),
      construct: unsupported("Construct"),
      cancel: bind(this.cancel),
      getPluginInfo: bind(this.getPluginInfo),
      attach: bind(this.attach),
      getMapping: unsupported("GetMapping"),
      getMappings: unsupported("GetMappings"),
      list: unsupported("List"),
    };
  }

  private async getPluginInfo(): Promise<pluginproto.PluginInfo> {
    return new pluginproto.PluginInfo().setVersion(this.version);
  }

  private async attach(): Promise<emptyproto.Empty> {
    return new emptyproto.Empty();
  }

  private async getSchema(): Promise<providerproto.GetSchemaResponse> {
    return new providerproto.GetSchemaResponse().setSchema(JSON.stringify((await import("./schema")).packageSchema(this.version)));
  }

  /** Validates every `langsmith:*` key (values still unknown pass); one failure per bad key, so the preview names it. */
  private async checkConfig(request: providerproto.CheckRequest): Promise<providerproto.CheckResponse> {
    const news = unwrapSecrets(fromStruct(request.getNews())).plain;
    const known = Object.fromEntries(Object.entries(news).filter(([, value]) => value !== UNKNOWN));
    const response = new providerproto.CheckResponse().setInputs(request.getNews());
    response.setFailuresList(configFailures(known).map((failure) => new providerproto.CheckFailure().setProperty(failure.key).setReason(failure.reason)));
    return response;
  }

  /**
   * A provider configuration change never replaces the provider (which would
   * replace every resource): it is an update. A change of the service the
   * configuration points at is refused (see {@link serviceChangeRefusal}).
   */
  private async diffConfig(request: providerproto.DiffRequest): Promise<providerproto.DiffResponse> {
    const olds = unwrapSecrets(fromStruct(request.getOlds())).plain;
    const news = unwrapSecrets(fromStruct(request.getNews())).plain;
    const keys = new Set([...Object.keys(olds), ...Object.keys(news)].filter((key) => key !== "version"));
    const changed = [...keys].filter((key) => JSON.stringify(olds[key]) !== JSON.stringify(news[key]));
    const refusal = serviceChangeRefusal(olds, news);
    if (refusal !== undefined) throw new Error(refusal);
    const response = new providerproto.DiffResponse();
    response.setChanges(changed.length > 0 ? providerproto.DiffResponse.DiffChanges.DIFF_SOME : providerproto.DiffResponse.DiffChanges.DIFF_NONE);
    response.setDiffsList(changed);
    return response;
  }

  private async configure(request: providerproto.ConfigureRequest): Promise<providerproto.ConfigureResponse> {
    const variables = new Map<string, string>();
    request.getVariablesMap().forEach((value, key) => variables.set(key, value));
    const args = unwrapSecrets(fromStruct(request.getArgs())).plain;
    this.session.configure((key) => {
      const fromVariables = variables.get(key);
      if (fromVariables !== undefined) return fromVariables;
      const arg = args[key.slice("langsmith:".length)];
      return arg === undefined || arg === null || arg === UNKNOWN ? undefined : String(arg);
    });
    return new providerproto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(true).setAcceptresources(false).setAcceptoutputs(false);
  }

  /** An invoke (`langsmith:index:getDeployment`, ...): the same core as the SDK's function. */
  private async invoke(request: providerproto.InvokeRequest): Promise<providerproto.InvokeResponse> {
    const fn = (await import("./functions")).nativeFunction(request.getTok());
    if (fn === undefined) throw new Error(`unknown function ${request.getTok()}`);
    const args = unwrapSecrets(fromStruct(request.getArgs())).plain;
    const context = this.session.operation({ log: (severity, message) => this.log("", severity, message) });
    const result = await fn.run(await context.client(), args, context);
    return new providerproto.InvokeResponse().setReturn(toStruct(outputsForEngine(result, new Set())));
  }

  private async check(request: providerproto.CheckRequest): Promise<providerproto.CheckResponse> {
    const resource = await resourceFor(request.getType(), request.getUrn());
    const { plain: news, secretKeys } = unwrapSecrets(fromStruct(request.getNews()));
    const olds = unwrapSecrets(fromStruct(request.getOlds())).plain;
    const table = resource.check(olds, news, this.session.settings());
    // What the inputs name on this machine (a source directory) is read once the table's rules pass.
    const result = resource.checkLocal !== undefined && table.failures.length === 0 ? await resource.checkLocal.run(olds, table) : table;
    for (const note of result.notes ?? []) this.log(request.getUrn(), note.severity, note.message);
    // The checked inputs carry the table's defaults, so the preview shows what up will record.
    const checked = withDefaults(resource.fields, result.inputs);
    // Inputs the schema marks secret stay secrets in the state even when a program passes them as plain values.
    const secretInputs = new Set([...secretKeys, ...resource.fields.filter((field) => field.secret).map((field) => field.path.split(".")[0] as string)]);
    const response = new providerproto.CheckResponse().setInputs(toStruct(outputsForEngine(checked, secretInputs)));
    response.setFailuresList(result.failures.map((failure) => new providerproto.CheckFailure().setProperty(failure.property).setReason(failure.reason)));
    return response;
  }

  private async diff(request: providerproto.DiffRequest): Promise<providerproto.DiffResponse> {
    return detailedDiff(await resourceFor(request.getType(), request.getUrn()), request);
  }

  private async create(request: providerproto.CreateRequest): Promise<providerproto.CreateResponse> {
    const resource = await resourceFor(request.getType(), request.getUrn());
    const { plain: inputs, secretKeys } = unwrapSecrets(fromStruct(request.getProperties()));
    const secrets = this.secretOutputs(resource, secretKeys);
    if (request.getPreview()) {
      return new providerproto.CreateResponse().setId("").setProperties(toStruct(outputsForEngine(plannedCreate(resource, inputs), secrets)));
    }
    try {
      const result = await this.serve(request.getUrn(), request.getTimeout(), (context) => resource.create(context, inputs));
      await this.summarize(request.getUrn(), result.outs);
      return new providerproto.CreateResponse()
        .setId(result.id)
        .setProperties(toStruct(outputsForEngine((result.outs ?? {}) as Record<string, unknown>, secrets)));
    } catch (error) {
      throw grpcError(error, secrets);
    }
  }

  private async read(request: providerproto.ReadRequest): Promise<providerproto.ReadResponse> {
    const resource = await resourceFor(request.getType(), request.getUrn());
    const recorded = fromStruct(request.getProperties());
    const { plain: properties, secretKeys } = unwrapSecrets(recorded);
    const { plain: inputs, secretKeys: inputSecretKeys } = unwrapSecrets(fromStruct(request.getInputs()));
    const secrets = this.secretOutputs(resource, new Set([...secretKeys, ...inputSecretKeys]));
    if (Object.keys(properties).length === 0 && Object.keys(inputs).length === 0) {
      // `pulumi import`, the `import` option or `Resource.get`: nothing is known but the id.
      const imported = await this.serve(request.getUrn(), request.getTimeout(), (context) => resource.import(context, request.getId()));
      // None: say where it was looked for and the id forms the kind takes (the engine would only say it does not exist).
      if (imported === undefined) throw importNotFound(resource, request.getId(), this.session.settings());
      const response = new providerproto.ReadResponse().setId(imported.id ?? request.getId());
      const importSecrets = this.secretOutputs(
        resource,
        new Set(resource.fields.filter((field) => field.secret).map((field) => field.path.split(".")[0] as string)),
      );
      response.setProperties(toStruct(outputsForEngine(imported.outputs as Record<string, unknown>, importSecrets)));
      response.setInputs(toStruct(outputsForEngine(imported.inputs, importSecrets)));
      return response;
    }
    const result = await this.serve(request.getUrn(), request.getTimeout(), (context) => resource.read(context, request.getId(), properties));
    // Gone: no id, and the engine drops it from the state.
    if (result === undefined) return new providerproto.ReadResponse().setId("");
    const response = new providerproto.ReadResponse().setId(result.id);
    // Outputs a refresh found unchanged (most) go back as the engine sent them, when their secrets are wrapped as they would be.
    const unchanged = sameOutputs(result.props, properties) && wrappedAsSecrets(recorded, secrets);
    response.setProperties(unchanged ? request.getProperties() : toStruct(outputsForEngine(result.props, secrets)));
    // Inputs with no secret to wrap go back as the engine sent them (the same values; a refresh reads thousands).
    const wrapsNone = request.getInputs() !== undefined && inputSecretKeys.size === 0 && Object.keys(inputs).every((key) => !secrets.has(key));
    response.setInputs(wrapsNone ? request.getInputs() : toStruct(outputsForEngine(inputs, secrets)));
    return response;
  }

  private async update(request: providerproto.UpdateRequest): Promise<providerproto.UpdateResponse> {
    const resource = await resourceFor(request.getType(), request.getUrn());
    const { plain: news, secretKeys } = unwrapSecrets(fromStruct(request.getNews()));
    // What ignoreChanges covers is not changed on the service: the update sees the old outputs' values as wanted there.
    const olds = withIgnoredFromNews(unwrapSecrets(fromStruct(request.getOlds())).plain, news, request.getIgnorechangesList());
    const secrets = this.secretOutputs(resource, secretKeys);
    if (request.getPreview()) {
      return new providerproto.UpdateResponse().setProperties(toStruct(outputsForEngine(plannedUpdate(resource, olds, news), secrets)));
    }
    try {
      const result = await this.serve(request.getUrn(), request.getTimeout(), (context) => resource.update(context, request.getId(), olds, news));
      await this.summarize(request.getUrn(), result.outs);
      return new providerproto.UpdateResponse().setProperties(toStruct(outputsForEngine((result.outs ?? {}) as Record<string, unknown>, secrets)));
    } catch (error) {
      throw grpcError(error, secrets);
    }
  }

  private async delete(request: providerproto.DeleteRequest): Promise<emptyproto.Empty> {
    const resource = await resourceFor(request.getType(), request.getUrn());
    const properties = unwrapSecrets(fromStruct(request.getProperties())).plain;
    await this.serve(request.getUrn(), request.getTimeout(), (context) => resource.delete(context, request.getId(), properties));
    return new emptyproto.Empty();
  }

  /** The engine asks to stop: every wait in progress ends now (its resource stays resumable). */
  private async cancel(): Promise<emptyproto.Empty> {
    this.session.cancel();
    return new emptyproto.Empty();
  }

  /** Output properties to mark secret (see {@link secretOutputs}). */
  private secretOutputs(resource: LangSmithResource, inputSecretKeys: ReadonlySet<string>): Set<string> {
    return secretOutputs(resource, inputSecretKeys);
  }

  /** Runs an operation with its context: the URN-scoped log, the `customTimeouts` deadline and the session's cancellation. */
  private async serve<T>(urn: string, timeoutSeconds: number, operation: (context: OperationContext) => Promise<T>): Promise<T> {
    const context = this.session.operation({ log: (severity, message) => this.log(urn, severity, message), urn, timeoutSeconds });
    try {
      return await operation(context);
    } finally {
      await this.logChain; // the resource's lines reach the engine before its result
    }
  }

  /** The one line kept of an operation's progress: what it did and how long it took (its `lastOperation`). */
  private async summarize(urn: string, outputs: object | undefined): Promise<void> {
    const lastOperation = (outputs as Record<string, unknown> | undefined)?.["lastOperation"];
    if (typeof lastOperation !== "string" || lastOperation === "") return;
    this.log(urn, "info", lastOperation);
    await this.logChain;
  }

  private log(urn: string, severity: LogSeverity, message: string): void {
    if (this.engine === undefined) {
      process.stderr.write(`${severity}: ${message}\n`);
      return;
    }
    const request = new engineproto.LogRequest()
      .setSeverity(severity === "warning" ? engineproto.LogSeverity.WARNING : engineproto.LogSeverity.INFO)
      .setMessage(message)
      .setUrn(urn)
      // Live progress goes to the resource's row and does not pile up under Diagnostics.
      .setEphemeral(severity === "status");
    const engine = this.engine;
    this.logChain = this.logChain.then(() => new Promise<void>((resolve) => engine.log(request, () => resolve())));
  }
}

function isServiceError(error: unknown): error is grpc.ServiceError {
  return (
    error instanceof Error &&
    typeof (error as Partial<grpc.ServiceError>).code === "number" &&
    (error as Partial<grpc.ServiceError>).metadata instanceof grpc.Metadata
  );
}

export { engineAddressOf } from "./serve";

/**
 * The provider's handlers, keyed as `ResourceProviderService` expects.
 *
 * @param version the plugin's version, e.g. `0.2.0`.
 * @param engineAddress where the engine's log service listens; progress lines go there.
 */
export function providerHandlers(version: string, engineAddress: string | undefined): ProviderHandlers {
  return new LangSmithProviderService(version, engineAddress).handlers();
}

/**
 * Starts the provider's gRPC server on 127.0.0.1 (a free port) with the
 * provider loaded, and returns the port (the plugin itself defers loading:
 * see `main.ts` and `serve.ts`).
 */
export async function startProviderServer(version: string, engineAddress: string | undefined): Promise<{ port: number; server: grpc.Server }> {
  return serveProvider(providerHandlers(version, engineAddress));
}
