import { CfnResource, type IAspect, RemovalPolicy } from "aws-cdk-lib/core";
import type { IConstruct } from "constructs";

/**
 * Everything that differs between a developer's stage, staging and production, written once
 * (issue 24 point 4). The stacks read these settings and nothing else decides by stage name;
 * `npm run synth -- --stage NAME` shows the result and stacks/test/stages.test.ts asserts it.
 *
 * | | a developer's stage (any name) | `staging` | `prod` |
 * |---|---|---|---|
 * | log retention (every log group) | 7 days | 30 days | 90 days |
 * | table point-in-time recovery, uploads bucket versioning | off | off | on |
 * | deletion protection (table), Retain on table, bucket and logs | off: the stage removes cleanly | off | on |
 * | alarm e-mail | `PRINTHOOD_ALARM_EMAIL` if set | the same | the same |
 * | the site's domain | `PRINTHOOD_DOMAIN` if set | the same | the same |
 * | Stripe keys | test (`sk_test_…`) | test | live (`sk_live_…`) |
 * | the table, after a restore | `PRINTHOOD_TABLE_NAME` if set | the same | the same |
 *
 * The e-mail and the domain are the deploy's environment (the CI workflow sets them per GitHub
 * environment: .github/workflows/ci.yml), so they are per stage without being written in code.
 */
export const PRODUCTION_STAGE = "prod";
export const STAGING_STAGE = "staging";

export type StageKind = "production" | "staging" | "development";

export interface StageSettings {
  stage: string;
  kind: StageKind;
  /** Days CloudWatch keeps the lines of every log group of the stage. */
  logRetentionDays: 7 | 30 | 90;
  /** Point-in-time recovery on the table and versioning on the uploads bucket (restores: docs/operations.md). */
  pointInTimeRecovery: boolean;
  /** DynamoDB's deletion protection on the table, and the table, bucket and logs kept when the stack goes. */
  deletionProtection: boolean;
  /** What removing the stage (or replacing a resource) does to stored data: Destroy, so a developer's stage removes cleanly. */
  removalPolicy: RemovalPolicy;
  /** Where the alarms are e-mailed (an SNS e-mail subscription), when set. */
  alarmEmail: string | undefined;
  /** The site's custom domain, when the stage has one. */
  domain: string | undefined;
  /** Which Stripe keys the stage's functions accept (they refuse the other kind: packages/functions/src/lib/stripe.ts). */
  stripeMode: "live" | "test";
  /**
   * After a point-in-time restore: the restored table the stage switches to (PRINTHOOD_TABLE_NAME),
   * used instead of the one the stack creates (docs/operations.md, "Restoring the table").
   */
  restoredTableName: string | undefined;
}

const BY_KIND: Record<StageKind, Omit<StageSettings, "stage" | "kind" | "alarmEmail" | "domain" | "restoredTableName">> = {
  production: {
    logRetentionDays: 90,
    pointInTimeRecovery: true,
    deletionProtection: true,
    removalPolicy: RemovalPolicy.RETAIN,
    stripeMode: "live",
  },
  staging: {
    logRetentionDays: 30,
    pointInTimeRecovery: false,
    deletionProtection: false,
    removalPolicy: RemovalPolicy.DESTROY,
    stripeMode: "test",
  },
  development: {
    logRetentionDays: 7,
    pointInTimeRecovery: false,
    deletionProtection: false,
    removalPolicy: RemovalPolicy.DESTROY,
    stripeMode: "test",
  },
};

export function stageKind(stage: string): StageKind {
  if (stage === PRODUCTION_STAGE) return "production";
  if (stage === STAGING_STAGE) return "staging";
  return "development";
}

const setting = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

export function stageSettings(stage: string, env: NodeJS.ProcessEnv = process.env): StageSettings {
  const kind = stageKind(stage);
  return {
    stage,
    kind,
    ...BY_KIND[kind],
    alarmEmail: setting(env, "PRINTHOOD_ALARM_EMAIL"),
    domain: setting(env, "PRINTHOOD_DOMAIN"),
    restoredTableName: setting(env, "PRINTHOOD_TABLE_NAME"),
  };
}

/**
 * The site origin when it can be known at synth time (custom domain, or APP_ORIGIN in the deploy's
 * environment). With the default CloudFront domain it cannot: the distribution is created after the
 * API and the bucket, and referencing it from them would be a dependency cycle (see stacks/Web.ts).
 */
export function knownSiteOrigin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const domain = setting(env, "PRINTHOOD_DOMAIN");
  if (domain) return `https://${domain}`;
  return setting(env, "APP_ORIGIN")?.replace(/\/+$/, "");
}

/**
 * A publishable key (embedded in the site) of the wrong kind for the stage stops the deploy: a live
 * stage must not show test cards, a test stage must not take real money.
 */
export function checkStripePublishableKey(settings: StageSettings, key: string | undefined): void {
  if (!key) return;
  const mode = key.startsWith("pk_live_") ? "live" : key.startsWith("pk_test_") ? "test" : undefined;
  if (mode !== settings.stripeMode) {
    throw new Error(
      `STRIPE_PUBLISHABLE_KEY is ${mode ? `a ${mode}` : "not a Stripe publishable"} key, but stage "${settings.stage}" takes ${settings.stripeMode} payments`,
    );
  }
}

/**
 * A developer's stage (and staging) removes cleanly: every resource of the app is deleted with its
 * stack, as `sst remove` expects. Applied while the app is synthesised, so `npm run synth` shows
 * it; production keeps CDK's defaults, and its table, bucket and logs are kept explicitly.
 */
export class RemovableStage implements IAspect {
  visit(node: IConstruct): void {
    if (node instanceof CfnResource) node.applyRemovalPolicy(RemovalPolicy.DESTROY);
  }
}
