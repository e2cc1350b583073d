/** Pieces of the YAML programs the native e2e tests run. */

/** The integration every test deployment builds from (any UUID the emulator accepts). */
export const TEST_INTEGRATION_ID = "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01";

/**
 * The `type:` and `properties:` lines of a GitHub-sourced
 * `langsmith:index:Deployment` under a resource key indented by two spaces
 * (so these lines are indented by four). `buildOnPush` is false, as the
 * service reports for a deployment made without it.
 */
export function yamlGithubDeployment(name: string, repoRef = "main"): string {
  return `    type: langsmith:index:Deployment
    properties:
      name: ${name}
      source: github
      sourceConfig:
        integrationId: ${TEST_INTEGRATION_ID}
        repoUrl: https://github.com/acme/agent
        deploymentType: dev
        buildOnPush: false
      sourceRevisionConfig:
        repoRef: ${repoRef}
        graphConfigPath: langgraph.json
`;
}
