/** BulkExport: check rules (no request) and diff (every change the service sees replaces). */
import { BULK_EXPORT_CROSS_FIELD_REASONS, checkBulkExport } from "../../provider/exports/bulkExport/check";
import { diffBulkExport } from "../../provider/exports/bulkExport/diff";
import { BULK_EXPORT_FIELDS } from "../../provider/exports/bulkExport/fields";
import { UNKNOWN } from "../../provider/engine/fields/values";

const DESTINATION = "3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99";
const PROJECT = "8a1f0c3e-2b4d-4e6f-9a8b-7c6d5e4f3a2b";
const oneOff = { destinationId: DESTINATION, projectId: PROJECT, startTime: "2026-10-01T00:00:00Z", endTime: "2026-11-01T00:00:00Z" };
const scheduled = { destinationId: DESTINATION, projectId: PROJECT, startTime: "2026-11-01T00:00:00Z", intervalHours: 6 };

describe("checkBulkExport", () => {
  it("accepts a one-off and a scheduled export, applying the contract's defaults", () => {
    expect(checkBulkExport(oneOff)).toEqual({ inputs: { ...oneOff, format: "Parquet", formatVersion: "v1", compression: "gzip" }, failures: [] });
    expect(checkBulkExport(scheduled).failures).toEqual([]);
  });

  it("accepts a destination id not known yet (another resource's output)", () => {
    expect(checkBulkExport({ ...oneOff, destinationId: UNKNOWN }).failures).toEqual([]);
  });

  it.each([
    ["a destination id that is not a UUID", { ...oneOff, destinationId: "exports" }, "destinationId", /must be a UUID/],
    ["a missing project", { ...oneOff, projectId: undefined }, "projectId", /projectId is required/],
    ["a start time without a zone", { ...oneOff, startTime: "2026-10-01T00:00:00" }, "startTime", /ISO 8601 date-time with a zone/],
    ["an end before the start", { ...oneOff, endTime: "2026-09-01T00:00:00Z" }, "endTime", /after startTime/],
    ["an end equal to the start", { ...oneOff, endTime: oneOff.startTime }, "endTime", /after startTime/],
    ["both an end and an interval", { ...oneOff, intervalHours: 6 }, "intervalHours", /exclude each other/],
    ["a fractional interval", { ...scheduled, intervalHours: 1.5 }, "intervalHours", /whole number of hours from 1 to 168/],
    ["a zero interval", { ...scheduled, intervalHours: 0 }, "intervalHours", /whole number of hours from 1 to 168/],
    ["an interval over a week", { ...scheduled, intervalHours: 169 }, "intervalHours", /whole number of hours from 1 to 168/],
    ["an unknown compression", { ...oneOff, compression: "lz4" }, "compression", /one of none, gzip, snappy, zstandard/],
    ["waiting for a scheduled export", { ...scheduled, waitForCompletion: true }, "waitForCompletion", /one-off exports only/],
    ["an empty export field list", { ...oneOff, exportFields: [] }, "exportFields", /at least one field/],
    ["an unknown input", { ...oneOff, sessionId: PROJECT }, "sessionId", /not a field of BulkExport/],
  ])("refuses %s, naming the property", (_what, inputs, property, reason) => {
    const failures = checkBulkExport(inputs as Record<string, unknown>).failures;
    expect(failures).toEqual(expect.arrayContaining([{ property, reason: expect.stringMatching(reason) }]));
  });

  it("says which reason applies across fields", () => {
    expect(checkBulkExport({ ...oneOff, intervalHours: 6 }).failures).toEqual([
      { property: "intervalHours", reason: BULK_EXPORT_CROSS_FIELD_REASONS.endOrInterval },
    ]);
  });
});

describe("diffBulkExport", () => {
  const outputs = (inputs: Record<string, unknown>, status: string) => ({
    ...checkBulkExport(inputs).inputs,
    status,
    runs: { count: 1, rowsWritten: 10, filesWritten: 1 },
    lastOperation: "created",
    stateVersion: 1,
  });

  it("reports no change for the same inputs, with an explicit false", () => {
    expect(diffBulkExport(outputs(oneOff, "Completed"), checkBulkExport(oneOff).inputs)).toEqual({
      changes: false,
      replaces: [],
      local: [],
      deleteBeforeReplace: false,
      resume: false,
    });
  });

  it.each(BULK_EXPORT_FIELDS.filter((field) => field.effect === "replace").map((field) => field.path))("a change of %s is a replacement", (path) => {
    const changed: Record<string, unknown> = {
      destinationId: "0b8f5a0e-7b1e-4c9a-9d55-5a3c2e1f0a02",
      projectId: "0b8f5a0e-7b1e-4c9a-9d55-5a3c2e1f0a03",
      startTime: "2026-09-01T00:00:00Z",
      endTime: "2026-10-15T00:00:00Z",
      intervalHours: 12,
      filter: 'eq(run_type, "llm")',
      exportFields: ["id", "name"],
      format: "Parquet",
      formatVersion: "v2_beta",
      compression: "zstandard",
    };
    const news = { ...checkBulkExport(oneOff).inputs, [path]: changed[path] };
    if (path === "format") return; // one allowed value: nothing to change to
    expect(diffBulkExport(outputs(oneOff, "Completed"), news)).toMatchObject({ changes: true, replaces: [path], deleteBeforeReplace: false });
  });

  it("a provider setting changes in place (state only)", () => {
    const result = diffBulkExport(outputs(oneOff, "Completed"), { ...checkBulkExport(oneOff).inputs, completionTimeoutSeconds: 60 });
    expect(result).toMatchObject({ changes: true, replaces: [], local: ["completionTimeoutSeconds"] });
  });

  it.each(["Cancelled", "Failed", "TimedOut"])("an export whose status is %s is replaced by the next up", (status) => {
    expect(diffBulkExport(outputs(scheduled, status), checkBulkExport(scheduled).inputs)).toMatchObject({ changes: true, replaces: ["status"] });
  });

  it("a one-off export whose wait did not finish resumes (an update, not a replacement)", () => {
    const news = { ...checkBulkExport(oneOff).inputs, waitForCompletion: true };
    expect(diffBulkExport({ ...outputs(oneOff, "Running"), waitForCompletion: true }, news)).toMatchObject({ changes: true, replaces: [] });
  });

  it("an unknown value (preview) is a replacement at its own path", () => {
    expect(diffBulkExport(outputs(oneOff, "Completed"), { ...checkBulkExport(oneOff).inputs, destinationId: UNKNOWN }).replaces).toEqual(["destinationId"]);
  });
});
