/** The OrganizationMember resource: a person in the organization, by email (invited, then active). */
export { ORGANIZATION_MEMBER_FIELDS, type OrganizationMemberInputs } from "./fields";
export { findOrganizationMember, type MemberRecord, organizationMember as resource } from "./operations";
