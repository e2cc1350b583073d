/** The WorkspaceMember resource: an organization member's role in one workspace. */
export { WORKSPACE_MEMBER_FIELDS, type WorkspaceMemberInputs } from "./fields";
export { workspaceMember as resource } from "./operations";
