import { LangSmithError } from "./client/errors";

/** A deployment or destination with the requested name already exists; adopt it or choose another name. */
export class NameTakenError extends LangSmithError {}

/** `adoptExistingId` names nothing in the workspace, or something that cannot become the declared resource. */
export class AdoptionError extends LangSmithError {}
