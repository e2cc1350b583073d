/**
 * The DataPlane resource: a LangSmith data plane that LangSmith provisions
 * in the organization's own AWS account (bring your own cloud), where the
 * traces of the workspaces created in it are kept. Provisioning takes a
 * while: create waits until it is `active`.
 */
import { zDataPlanesStatus } from "../client/wire/additions.responses";
import { declareKind } from "../engine/kind";
import type { StatusLifecycle } from "../engine/kind/lifecycle";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { wireObject } from "../engine/fields/wireKeys";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";
import { DATA_PLANE_ENDPOINTS, DATA_PLANE_TOKEN } from "./dataPlanes";
import { zDataPlanesPublicDataPlane } from "../client/wire/additions.responses";

/** A data plane's statuses: see {@link StatusLifecycle}. Provisioning and deprovisioning take minutes to an hour. */
export const DATA_PLANE_LIFECYCLE: StatusLifecycle = {
  status: "status",
  ready: ["active"],
  busy: ["requested", "provisioning", "updating"],
  deleting: ["deprovisioning"],
  gone: ["deleted"],
  deletableToo: ["provisioning_failed"],
  timeoutSeconds: { create: 7200, update: 3600, delete: 7200 },
  pollIntervalMs: 10_000,
};

const ROLE_ARN = /^arn:aws:iam::\d{12}:role\/[\w+=,.@/-]+$/;
const CIDR = /^(\d{1,3}\.){3}\d{1,3}\/\d{1,2}$/;

const BYOVPC_WIRE = {
  vpcId: "vpc_id",
  publicSubnetIds: "public_subnet_ids",
  privateAppSubnetIds: "private_app_subnet_ids",
  privateDbSubnetIds: "private_db_subnet_ids",
} as const;
const FIREWALL_WIRE = { allowHttp: "allow_http", allowedCidrs: "allowed_cidrs", allowedDomains: "allowed_domains" } as const;
const TTL_WIRE = { enabled: "enabled", shortDays: "short_days", longDays: "long_days" } as const;
const FLEET_OIDC_WIRE = {
  isEnabled: "is_enabled",
  provider: "provider",
  issuerUrl: "issuer_url",
  audience: "audience",
  subjectClaim: "subject_claim",
  tenantClaim: "tenant_claim",
  tenantMappings: "tenant_mappings",
  emailClaim: "email_claim",
  groupsClaim: "groups_claim",
} as const;

/** The customer's own VPC the data plane is placed in. */
const Byovpc = z.strictObject({
  vpcId: z.string().min(1).describe("The VPC's id, e.g. `vpc-0abc...`."),
  privateAppSubnetIds: z.array(z.string().min(1)).min(1).describe("Private subnets for the data plane's services."),
  privateDbSubnetIds: z.array(z.string().min(1)).min(1).describe("Private subnets for its databases."),
  publicSubnetIds: z.array(z.string().min(1)).optional().describe("Public subnets for a public load balancer; default none."),
});
const byovpcWire = wireObject(BYOVPC_WIRE);

/** Who may reach the data plane's API. */
const Firewall = z.strictObject({
  allowHttp: z.boolean().optional().describe("Whether plain HTTP is accepted besides HTTPS; the service's default is false."),
  allowedCidrs: z
    .record(z.string().regex(CIDR), z.array(z.number().int().min(1).max(65_535)))
    .optional()
    .describe('Ports open to each IPv4 CIDR block, e.g. `{ "10.0.0.0/8": [443] }`.'),
  allowedDomains: z.array(z.string().min(1)).optional().describe("Domains the data plane's services may call out to, e.g. a model provider's API."),
});

/** How long the data plane keeps traces. */
const Ttl = z.strictObject({
  enabled: z.boolean().optional().describe("Whether traces expire; the service's default is true."),
  shortDays: z.number().int().min(1).optional().describe("Days a base-tier trace is kept; the service's default is 14."),
  longDays: z.number().int().min(1).optional().describe("Days an extended-tier trace is kept, at least `shortDays`; the service's default is 400."),
});

/** Sign-in of the fleet's agents through the organization's OIDC provider. */
const FleetOidc = z.strictObject({
  isEnabled: z.boolean().optional().describe("Whether fleet sign-in through OIDC is on; default off."),
  provider: z.string().optional().describe("The identity provider's kind, e.g. `okta`."),
  issuerUrl: z.string().optional().describe("The provider's issuer URL."),
  audience: z.string().optional().describe("The audience the tokens are issued for."),
  subjectClaim: z.string().optional().describe("The claim naming the user; the service's default is `sub`."),
  tenantClaim: z.string().optional().describe("The claim naming the tenant."),
  tenantMappings: z.record(z.string(), z.string()).optional().describe("Workspace id of each tenant claim value."),
  emailClaim: z.string().optional().describe("The claim holding the email; the service's default is `email`."),
  groupsClaim: z.string().optional().describe("The claim holding the groups; the service's default is `groups`."),
});

/** A managed VPC answers an empty `byovpc`: no VPC of the customer's. */
const byovpcFromWire = (value: unknown): unknown => {
  const input = byovpcWire.fromWire(value) as Record<string, unknown> | undefined;
  if (input === undefined || input["vpcId"] === undefined || input["vpcId"] === "") return undefined;
  return Array.isArray(input["publicSubnetIds"]) && input["publicSubnetIds"].length === 0 ? { ...input, publicSubnetIds: undefined } : input;
};

/** Tags as the create takes them (a list of `{key, value}`), from the input's map. */
const tagsToWire = (value: unknown): unknown => Object.entries(value as Record<string, string>).map(([key, tag]) => ({ key, value: tag }));
/** Tags as the service answers them (a map), unset when there are none. */
const tagsFromWire = (value: unknown): unknown => (value !== null && typeof value === "object" && Object.keys(value).length > 0 ? value : undefined);

const replaced = { required: false, effect: "replace", secret: false } as const;
const settings = { required: false, effect: "inPlace", secret: false, createWire: null } as const;
const REPLACE_WHY = "the service cannot change where or how a data plane is provisioned";

/** Every input field of a DataPlane. */
export const DATA_PLANE_FIELDS = [
  {
    ...replaced,
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "Name of the data plane, unique in the organization. The service cannot rename one: a new name replaces it.",
    schema: z.string().trim().min(1).max(63),
    reason: 'name is required, e.g. "prod-us-west-2"',
    required: true,
    example: { value: "matrix-byoc", changed: "matrix-byoc-v2", other: "matrix-byoc-b" },
  },
  {
    ...replaced,
    path: "region",
    wire: "region",
    refresh: "always",
    type: "string",
    doc: "The AWS region it is provisioned in, e.g. `us-west-2`.",
    schema: z.string().trim().min(1),
    reason: 'region is required: an AWS region, e.g. "us-west-2"',
    required: true,
    example: { value: "us-west-2", changed: "eu-west-1" },
  },
  {
    ...replaced,
    path: "roleArn",
    wire: "provisioning_settings.role_arn",
    createWire: "role_arn",
    refresh: "always",
    type: "string (IAM role ARN)",
    doc: "The IAM role of the organization's AWS account that LangSmith assumes to provision the data plane (its trust policy names LangSmith).",
    schema: z.string().regex(ROLE_ARN),
    reason: 'roleArn is required: an IAM role ARN, e.g. "arn:aws:iam::123456789012:role/langsmith-byoc"',
    required: true,
    example: { value: "arn:aws:iam::123456789012:role/langsmith-byoc", changed: "arn:aws:iam::123456789012:role/langsmith-byoc-v2" },
  },
  {
    ...replaced,
    path: "vpcCidr",
    wire: "provisioning_settings.vpc_cidr",
    createWire: "vpc_cidr",
    type: "string (IPv4 CIDR)",
    defaultDoc: "the service's, `10.0.0.0/16` for a VPC it creates",
    doc: "The address range of the VPC LangSmith creates for it.",
    schema: z.string().regex(CIDR),
    example: { value: "10.42.0.0/16", changed: "10.43.0.0/16", why: REPLACE_WHY },
  },
  {
    ...replaced,
    path: "byovpc",
    wire: "provisioning_settings.byovpc",
    createWire: "byovpc",
    toWire: byovpcWire.toWire,
    fromWire: byovpcFromWire,
    type: "`{vpcId, privateAppSubnetIds, privateDbSubnetIds, publicSubnetIds?}`",
    defaultDoc: "none: LangSmith creates a VPC",
    doc: "An existing VPC of the organization's to place the data plane in (bring your own VPC), with its subnets.",
    schema: Byovpc,
    example: {
      value: { vpcId: "vpc-0a1b2c3d", privateAppSubnetIds: ["subnet-0a1"], privateDbSubnetIds: ["subnet-0d1"] },
      changed: { vpcId: "vpc-0a1b2c3d", privateAppSubnetIds: ["subnet-0a1", "subnet-0a2"], privateDbSubnetIds: ["subnet-0d1"] },
    },
  },
  {
    ...replaced,
    path: "byoiamEnabled",
    wire: "provisioning_settings.is_byoiam_enabled",
    createWire: "byoiam_enabled",
    type: "boolean",
    defaultDoc: "false",
    doc: "Whether the data plane's IAM roles are made by the organization (bring your own IAM) instead of by LangSmith.",
    schema: z.boolean(),
    example: { value: true, changed: false },
  },
  {
    ...replaced,
    path: "publicLoadBalancer",
    wire: "provisioning_settings.is_public_load_balancer",
    createWire: "public_load_balancer",
    type: "boolean",
    defaultDoc: "true",
    doc: "Whether its API is reached through a public load balancer (else only from inside the network).",
    schema: z.boolean(),
    example: { value: false, changed: true },
  },
  {
    ...replaced,
    path: "eksApiPrivatelinkDisabled",
    wire: "provisioning_settings.is_eks_api_privatelink_disabled",
    createWire: "eks_api_privatelink_disabled",
    type: "boolean",
    defaultDoc: "false",
    doc: "Whether the Kubernetes API of its cluster is reached without AWS PrivateLink.",
    schema: z.boolean(),
    example: { value: true, changed: false },
  },
  {
    ...replaced,
    path: "additionalTags",
    wire: "provisioning_settings.additional_tags",
    createWire: "additional_tags",
    toWire: tagsToWire,
    fromWire: tagsFromWire,
    type: "map of string",
    defaultDoc: "none",
    doc: "AWS tags put on every resource LangSmith provisions for it (at most 40; keys up to 128 characters, values up to 256).",
    schema: z.record(z.string().min(1).max(128), z.string().max(256)).refine((tags) => Object.keys(tags).length <= 40, "at most 40 tags"),
    example: { value: { team: "platform" }, changed: { team: "platform", env: "prod" } },
  },
  {
    ...settings,
    path: "maintenanceWindow",
    wire: "maintenance_window",
    type: "string",
    defaultDoc: "the service's, `sun:06:00-sun:08:00`",
    doc: "When LangSmith may upgrade the data plane, e.g. `sat:02:00-sat:04:00` (UTC). Changed in place once the data plane is active.",
    schema: z.string().trim().min(1),
    example: { value: "sat:02:00-sat:04:00", changed: "sun:02:00-sun:04:00" },
  },
  {
    ...settings,
    path: "firewall",
    wire: "firewall",
    ...wireObject(FIREWALL_WIRE),
    serviceFillsKeys: true,
    type: "`{allowHttp?, allowedCidrs?, allowedDomains?}`",
    defaultDoc: "the service's: HTTPS only, no CIDR block or domain allowed",
    doc: "Who may reach its API and where its services may call out to; the fields set are changed, the others kept.",
    schema: Firewall,
    example: {
      value: { allowedDomains: ["api.openai.com"] },
      changed: { allowHttp: false, allowedCidrs: { "10.0.0.0/8": [443] }, allowedDomains: ["api.openai.com", "api.anthropic.com"] },
    },
  },
  {
    ...settings,
    path: "ttl",
    wire: "ttl",
    ...wireObject(TTL_WIRE),
    serviceFillsKeys: true,
    type: "`{enabled?, shortDays?, longDays?}`",
    defaultDoc: "the service's: traces expire after 14 days (base) or 400 (extended)",
    doc: "How long the data plane keeps traces; the fields set are changed, the others kept.",
    schema: Ttl,
    example: { value: { shortDays: 30 }, changed: { enabled: true, shortDays: 7, longDays: 180 } },
  },
  {
    ...settings,
    path: "fleetOidc",
    wire: "fleet_oidc",
    ...wireObject(FLEET_OIDC_WIRE),
    serviceFillsKeys: true,
    type: "`{isEnabled?, provider?, issuerUrl?, audience?, subjectClaim?, tenantClaim?, tenantMappings?, emailClaim?, groupsClaim?}`",
    defaultDoc: "the service's: off",
    doc: "Sign-in of the fleet's agents through the organization's OIDC provider; the fields set are changed, the others kept.",
    schema: FleetOidc,
    example: { value: { isEnabled: true, provider: "okta", issuerUrl: "https://example.okta.com", audience: "langsmith" }, changed: { isEnabled: false } },
  },
] as const satisfies FieldTable;

/** A DataPlane's checked inputs. */
export type DataPlaneInputs = InputsOf<typeof DATA_PLANE_FIELDS>;

/** The DataPlane, as the native provider serves it. */
export const resource = declareKind({
  token: DATA_PLANE_TOKEN,
  listing: {},
  kind: "data plane",
  description:
    "A LangSmith data plane provisioned in the organization's own AWS account (bring your own cloud), where the traces of the workspaces created in it (`Workspace.dataPlaneId`) are kept. " +
    "Create waits until it is `active` (up to 2 hours, or the resource's `customTimeouts`), then sets the maintenance window, firewall, TTL and fleet OIDC, which change in place; where and how it is provisioned (name, region, role, network, tags) cannot change: a change replaces it. " +
    "Delete waits until it is gone; the service refuses to delete one that still has workspaces. Needs an organization-scoped API key. Import by id or by name.",
  scope: "organization",
  fields: DATA_PLANE_FIELDS,
  nameField: "name",
  naturalKey: "name",
  unique: ["name"],
  endpoints: DATA_PLANE_ENDPOINTS,
  lifecycle: DATA_PLANE_LIFECYCLE,
  object: zDataPlanesPublicDataPlane,
  listItems: (answer) => answer.data_planes ?? [],
  outputs: [
    {
      name: "status",
      type: OUTPUT_TYPES.string,
      doc: `The data plane's status: ${zDataPlanesStatus.options.map((s) => `\`${s}\``).join(", ")}; \`active\` once a create or update has finished.`,
      changesOnUpdate: true,
      wire: "status",
    },
    {
      name: "apiUrl",
      type: OUTPUT_TYPES.string,
      doc: "Where the data plane serves LangSmith's API (`.../api/v1`): the writes of its workspaces go there.",
      changesOnUpdate: false,
      wire: "api_url",
    },
    {
      name: "workspaces",
      type: OUTPUT_TYPES.anyList,
      doc: "The workspaces created in the data plane, each `{ id, name }`.",
      changesOnUpdate: false,
      wire: "workspaces",
    },
    { name: "cloud", type: OUTPUT_TYPES.string, doc: "The cloud it runs in (`aws`).", changesOnUpdate: false, wire: "provisioning_settings.cloud" },
    { name: "statusUpdatedAt", type: OUTPUT_TYPES.string, doc: "When the status last changed (ISO 8601).", changesOnUpdate: true, wire: "status_updated_at" },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
