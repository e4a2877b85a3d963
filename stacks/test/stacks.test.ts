/**
 * Synthesises the real SST app (sst.config.ts → Storage, Events, Api, Web) offline and asserts on
 * the CloudFormation templates. No AWS calls, no bundling: SST v2 builds function code and the
 * static site in deferred tasks that only run in `app.finish()` (called by `sst build/deploy`).
 * We never call it, so functions keep SST's inline placeholder code and the handler files (and
 * packages/web/dist) need not exist. Handlers are checked on the SST Function constructs instead.
 */

import { Match, Template } from "aws-cdk-lib/assertions";
import type { CfnFunction } from "aws-cdk-lib/aws-lambda";
import type { Stack as CdkStack } from "aws-cdk-lib/core";
import { App, Config, getStack, Function as SstFunction } from "sst/constructs";
import { initProject } from "sst/project.js";
import { beforeAll, describe, expect, it } from "vitest";
import { TABLE_KEYS } from "../../packages/core/src/db/table";
import { EVENT_RULES, SCHEDULES } from "../../packages/core/src/events/rules";
import { PHOTOS_PREFIX as CORE_PHOTOS_PREFIX } from "../../packages/core/src/photos/photos";
import { EDGE_HEADERS, ORIGIN_VERIFY_ENV } from "../../packages/core/src/security/edge-headers";
import { s3BucketUrl, securityHeaders } from "../../packages/core/src/security/headers";
import { CURSOR_SECRET_ENV } from "../../packages/core/src/security/secrets";
import config from "../../sst.config";
import { API_HANDLER, API_ROUTE, API_THROTTLE, Api } from "../Api";
import { DEFAULT_EMAIL_FROM, Events, rateOf, TARGET_RETRY_ATTEMPTS } from "../Events";
import { SHARP_PACKAGES } from "../function-build";
import { ANALYSIS_HANDLER, ORDER_ZIP_DAYS, PHOTO_ORIGINALS_DAYS, PHOTOS_HANDLER, PHOTOS_PREFIX, Storage } from "../Storage";
import {
  API_PATH_PATTERN,
  FORWARD_HOST_CODE,
  PUBLIC_API_MAX_TTL_SECONDS,
  PUBLIC_API_PATHS,
  PUBLIC_REQUEST_CODE,
  siteSources,
  Web,
} from "../Web";

type Resources = Record<string, { Type: string; Properties?: any; DependsOn?: unknown }>;

const STAGE = "test";
let stacks: { storage: CdkStack; events: CdkStack; api: CdkStack; web: CdkStack };
let t: { storage: Template; events: Template; api: Template; web: Template };

function resourcesOf(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** logical id → handler path of every SST Function in a stack. */
function handlersOf(stack: CdkStack): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const c of stack.node.findAll()) {
    if (c instanceof SstFunction) {
      out.set(stack.getLogicalId(c.node.defaultChild as CfnFunction), c.getConstructMetadata().data.handler);
    }
  }
  return out;
}

function logicalIdOfHandler(stack: CdkStack, handler: string): string {
  const ids = [...handlersOf(stack)].filter(([, h]) => h === handler).map(([id]) => id);
  expect(ids, `exactly one function for ${handler}`).toHaveLength(1);
  return ids[0]!;
}

/** Evaluates Fn::Join / Fn::Select / Fn::Split / Fn::ImportValue (the import resolving to `imported`). */
function evaluate(node: any, imported: string): any {
  if (typeof node === "string" || typeof node === "number") return node;
  if (Array.isArray(node)) return node.map((n) => evaluate(n, imported));
  if ("Fn::ImportValue" in node) return imported;
  if ("Fn::Split" in node) {
    const [sep, value] = node["Fn::Split"];
    return String(evaluate(value, imported)).split(sep);
  }
  if ("Fn::Join" in node) {
    const [sep, parts] = node["Fn::Join"];
    return parts.map((p: unknown) => evaluate(p, imported)).join(sep);
  }
  if ("Fn::Select" in node) {
    const [index, list] = node["Fn::Select"];
    return evaluate(list, imported)[index];
  }
  throw new Error(`unsupported intrinsic ${JSON.stringify(node)}`);
}

function newApp(stage: string) {
  return new App({ mode: "deploy", stage, name: "printhood", region: "us-east-1", account: "123456789012" });
}

beforeAll(async () => {
  await initProject({ stage: STAGE });
  const app = newApp(STAGE);
  config.stacks(app);
  stacks = { storage: getStack(Storage), events: getStack(Events), api: getStack(Api), web: getStack(Web) };
  t = {
    storage: Template.fromStack(stacks.storage),
    events: Template.fromStack(stacks.events),
    api: Template.fromStack(stacks.api),
    web: Template.fromStack(stacks.web),
  };
}, 120_000);

describe("app", () => {
  it("names and orders the stacks without cycles (Events and Api on Storage, Web on Api and Storage)", () => {
    const deps = (s: CdkStack) => s.dependencies.map((d) => d.stackName).sort();
    expect(stacks.storage.stackName).toBe("test-printhood-Storage");
    expect(deps(stacks.storage)).toEqual([]);
    expect(deps(stacks.events)).toEqual(["test-printhood-Storage"]);
    expect(deps(stacks.api)).toEqual(["test-printhood-Storage"]);
    expect(deps(stacks.web)).toEqual(["test-printhood-Api", "test-printhood-Storage"]);
  });

  it("uses the config's name and region", async () => {
    expect(config.config({} as never)).toMatchObject({ name: "printhood", region: "us-east-1" });
  });
});

describe("Storage: table", () => {
  it("is built from TABLE_KEYS: pk/sk, three GSIs, TTL, on-demand", () => {
    const { partitionKey, sortKey, ttlAttribute, indexes } = TABLE_KEYS;
    const tables = resourcesOf(t.storage, "AWS::DynamoDB::Table");
    expect(Object.keys(tables)).toHaveLength(1);
    const props = Object.values(tables)[0]!.Properties;

    expect(props.BillingMode).toBe("PAY_PER_REQUEST");
    expect(props.KeySchema).toEqual([
      { AttributeName: partitionKey, KeyType: "HASH" },
      { AttributeName: sortKey, KeyType: "RANGE" },
    ]);
    expect(props.TimeToLiveSpecification).toEqual({ AttributeName: ttlAttribute, Enabled: true });

    const expectedAttrs = [partitionKey, sortKey, ...Object.values(indexes).flatMap((ix) => [ix.partitionKey, ix.sortKey])];
    expect(props.AttributeDefinitions).toHaveLength(expectedAttrs.length);
    expect(props.AttributeDefinitions).toEqual(
      expect.arrayContaining(expectedAttrs.map((AttributeName) => ({ AttributeName, AttributeType: "S" }))),
    );

    const gsis = props.GlobalSecondaryIndexes as any[];
    expect(gsis.map((g) => g.IndexName).sort()).toEqual(["gsi1", "gsi2", "gsi3"]);
    for (const [name, ix] of Object.entries(indexes)) {
      const gsi = gsis.find((g) => g.IndexName === name);
      expect(gsi.KeySchema).toEqual([
        { AttributeName: ix.partitionKey, KeyType: "HASH" },
        { AttributeName: ix.sortKey, KeyType: "RANGE" },
      ]);
      expect(gsi.Projection).toEqual({ ProjectionType: "ALL" });
    }
    // Not prod: no point-in-time recovery in the test stage.
    expect(props.PointInTimeRecoverySpecification?.PointInTimeRecoveryEnabled ?? false).toBe(false);
  });

  it("turns point-in-time recovery on for prod", () => {
    const app = newApp("prod");
    app.stack(Storage);
    Template.fromStack(getStack(Storage)).hasResourceProperties("AWS::DynamoDB::Table", {
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });
});

describe("Storage: uploads bucket", () => {
  it("has CORS for GET/PUT/POST/HEAD with ETag exposed and a max age", () => {
    // The site bucket lives in Web; Storage has exactly the uploads bucket.
    const buckets = resourcesOf(t.storage, "AWS::S3::Bucket");
    expect(Object.keys(buckets)).toHaveLength(1);
    const rules = Object.values(buckets)[0]!.Properties.CorsConfiguration.CorsRules as any[];
    expect(rules).toHaveLength(1);
    const rule = rules[0];
    expect([...rule.AllowedMethods].sort()).toEqual(["GET", "HEAD", "POST", "PUT"]);
    expect(rule.AllowedOrigins).toEqual(["*"]); // no custom domain in the test stage
    expect(rule.ExposedHeaders).toEqual(["ETag"]);
    expect(rule.MaxAge).toBe(3600);
  });

  it("notifies the analysis function on s3:ObjectCreated:* under uploads/, the photo function under photos/", () => {
    const analysisId = logicalIdOfHandler(stacks.storage, ANALYSIS_HANDLER);
    const photosId = logicalIdOfHandler(stacks.storage, PHOTOS_HANDLER);
    const bucketId = Object.keys(resourcesOf(t.storage, "AWS::S3::Bucket"))[0]!;
    const notifications = Object.values(resourcesOf(t.storage, "Custom::S3BucketNotifications"));
    expect(notifications).toHaveLength(1);
    const n = notifications[0]!.Properties;
    expect(n.BucketName).toEqual({ Ref: bucketId });
    expect(PHOTOS_PREFIX).toBe(CORE_PHOTOS_PREFIX);
    expect(n.NotificationConfiguration.LambdaFunctionConfigurations).toEqual([
      {
        Events: ["s3:ObjectCreated:*"],
        Filter: { Key: { FilterRules: [{ Name: "prefix", Value: "uploads/" }] } },
        LambdaFunctionArn: { "Fn::GetAtt": [analysisId, "Arn"] },
      },
      {
        Events: ["s3:ObjectCreated:*"],
        Filter: { Key: { FilterRules: [{ Name: "prefix", Value: "photos/" }] } },
        LambdaFunctionArn: { "Fn::GetAtt": [photosId, "Arn"] },
      },
    ]);
    for (const id of [analysisId, photosId]) {
      t.storage.hasResourceProperties("AWS::Lambda::Permission", {
        Action: "lambda:InvokeFunction",
        Principal: "s3.amazonaws.com",
        FunctionName: { "Fn::GetAtt": [id, "Arn"] },
      });
    }
  });

  it("runs the photo function on x86_64 with sharp's Linux x64 packages beside its bundle, and expires unprocessed originals", () => {
    const photosId = logicalIdOfHandler(stacks.storage, PHOTOS_HANDLER);
    const fn = resourcesOf(t.storage, "AWS::Lambda::Function")[photosId]!.Properties;
    expect(fn.Architectures).toEqual(["x86_64"]);
    expect(fn.Timeout).toBe(60);
    expect(fn.MemorySize).toBe(2048);
    const construct = stacks.storage.node
      .findAll()
      .find((c) => c instanceof SstFunction && c.getConstructMetadata().data.handler === PHOTOS_HANDLER) as SstFunction;
    const props = (construct as unknown as { props: { nodejs?: { esbuild?: { external?: string[] } }; copyFiles?: { to?: string }[] } })
      .props;
    expect(props.nodejs?.esbuild?.external).toContain("sharp");
    expect(props.copyFiles?.map((f) => f.to)).toEqual(expect.arrayContaining(SHARP_PACKAGES.map((p) => `node_modules/${p}`)));
    const bucket = Object.values(resourcesOf(t.storage, "AWS::S3::Bucket"))[0]!.Properties;
    expect(bucket.LifecycleConfiguration.Rules).toEqual([
      { Id: "photo-originals", Prefix: "photos/", ExpirationInDays: PHOTO_ORIGINALS_DAYS, Status: "Enabled" },
      { Id: "order-zips", Prefix: "zips/", ExpirationInDays: ORDER_ZIP_DAYS, Status: "Enabled" },
    ]);
  });

  it("gives the analysis function 60 s, 1536 MB and the table, bucket and bus", () => {
    const analysisId = logicalIdOfHandler(stacks.storage, ANALYSIS_HANDLER);
    const fn = resourcesOf(t.storage, "AWS::Lambda::Function")[analysisId]!.Properties;
    expect(fn.Timeout).toBe(60);
    expect(fn.MemorySize).toBe(1536);
    expect(Object.keys(fn.Environment.Variables)).toEqual(
      expect.arrayContaining([
        "SST_Table_tableName_Table",
        "SST_Bucket_bucketName_Uploads",
        "SST_EventBus_eventBusName_Bus",
        "TABLE_NAME",
        "BUCKET_NAME",
        "EVENT_BUS_NAME",
      ]),
    );
  });

  it("owns the event bus (so the analysis function can publish without a cycle)", () => {
    t.storage.resourceCountIs("AWS::Events::EventBus", 1);
    t.storage.resourceCountIs("AWS::Events::Rule", 0);
  });

  it("declares the Stripe secrets", () => {
    const secrets = stacks.storage.node.findAll().filter((c): c is Config.Secret => c instanceof Config.Secret);
    expect(secrets.map((s) => s.name).sort()).toEqual(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]);
  });
});

describe("Events", () => {
  it("has one rule per EVENT_RULES entry with the exact pattern, targeting the right consumer", () => {
    const all = resourcesOf(t.events, "AWS::Events::Rule");
    // Pattern rules; the scheduled ones (SCHEDULES) are checked below.
    const rules = Object.fromEntries(Object.entries(all).filter(([, r]) => r.Properties.EventPattern));
    expect(Object.keys(rules)).toHaveLength(EVENT_RULES.length);
    const handlers = handlersOf(stacks.events);

    for (const rule of EVENT_RULES) {
      const found = Object.values(rules).filter((r) => r.Properties.Name === `${STAGE}-printhood-${rule.id}`);
      expect(found, rule.id).toHaveLength(1);
      const props = found[0]!.Properties;
      expect(props.EventPattern).toEqual(rule.pattern);
      // The bus comes from Storage (cross-stack import).
      expect(JSON.stringify(props.EventBusName)).toContain("Fn::ImportValue");
      expect(props.Targets).toHaveLength(1);
      const target = props.Targets[0];
      const fnId = target.Arn["Fn::GetAtt"][0] as string;
      expect(handlers.get(fnId)).toBe(rule.handler);
      expect(target.RetryPolicy.MaximumRetryAttempts).toBe(TARGET_RETRY_ATTEMPTS);
      expect(target.DeadLetterConfig.Arn).toBeDefined();
    }
  });

  it("runs each SCHEDULES entry on a scheduled rule (the expiry sweep every 5 minutes) with the table, bus and Stripe key", () => {
    expect(SCHEDULES.map((s) => s.id)).toContain("expirySweep");
    const scheduled = Object.values(resourcesOf(t.events, "AWS::Events::Rule")).filter((r) => r.Properties.ScheduleExpression);
    expect(scheduled).toHaveLength(SCHEDULES.length);
    const handlers = handlersOf(stacks.events);
    const fns = resourcesOf(t.events, "AWS::Lambda::Function");
    for (const schedule of SCHEDULES) {
      const minutes = schedule.everyMinutes;
      // Several schedules may share a rate (the e-mail and money sweeps run every minute): find this one's.
      const rule = scheduled.find(
        (r) =>
          r.Properties.ScheduleExpression === `rate(${minutes} ${minutes === 1 ? "minute" : "minutes"})` &&
          handlers.get(r.Properties.Targets[0].Arn["Fn::GetAtt"][0] as string) === schedule.handler,
      );
      expect(rule, schedule.id).toBeDefined();
      const fnId = rule!.Properties.Targets[0].Arn["Fn::GetAtt"][0] as string;
      const vars = Object.keys(fns[fnId]!.Properties.Environment.Variables);
      expect(vars).toEqual(
        expect.arrayContaining(["SST_Table_tableName_Table", "SST_EventBus_eventBusName_Bus", "SST_Secret_value_STRIPE_SECRET_KEY"]),
      );
    }
    expect(SCHEDULES.find((s) => s.id === "expirySweep")).toMatchObject({
      handler: "packages/functions/src/events/expiry-sweep.handler",
      everyMinutes: 5,
    });
  });

  it("creates one consumer Lambda per distinct handler, bound to table and bus, with async retries", () => {
    const distinct = new Set([...EVENT_RULES.map((r) => r.handler), ...SCHEDULES.map((s) => s.handler)]);
    const handlers = handlersOf(stacks.events);
    expect(new Set(handlers.values())).toEqual(distinct);
    const fns = resourcesOf(t.events, "AWS::Lambda::Function");
    for (const id of handlers.keys()) {
      const vars = Object.keys(fns[id]!.Properties.Environment.Variables);
      expect(vars).toEqual(expect.arrayContaining(["SST_Table_tableName_Table", "SST_EventBus_eventBusName_Bus"]));
    }
    t.events.resourceCountIs("AWS::Lambda::EventInvokeConfig", distinct.size);
    t.events.allResourcesProperties("AWS::Lambda::EventInvokeConfig", { MaximumRetryAttempts: 2 });
  });
});

describe("Events: e-mail and schedules", () => {
  const senders = new Set([...EVENT_RULES, ...SCHEDULES].filter((r) => r.sendsEmail).map((r) => r.handler));

  it("lets exactly the e-mail-sending consumers call SES SendEmail, on the account's identities only", () => {
    expect(senders.size).toBeGreaterThanOrEqual(2);
    const policies = Object.values(resourcesOf(t.events, "AWS::IAM::Policy"));
    const handlers = handlersOf(stacks.events);
    for (const [fnId, handler] of handlers) {
      const fn = resourcesOf(t.events, "AWS::Lambda::Function")[fnId]!;
      const roleId = fn.Properties.Role["Fn::GetAtt"][0] as string;
      const statements = policies
        .filter((p) => JSON.stringify(p.Properties.Roles).includes(roleId))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as any[]);
      const ses = statements.filter((st) => [st.Action].flat().some((a: string) => a.startsWith("ses:")));
      if (senders.has(handler!)) {
        expect(ses, handler).toHaveLength(1);
        expect(ses[0].Action).toBe("ses:SendEmail");
        expect(JSON.stringify(ses[0].Resource)).toContain(":identity/*");
        expect(JSON.stringify(ses[0].Resource)).not.toBe('"*"');
      } else {
        expect(ses, handler).toHaveLength(0);
      }
    }
  });

  it("gives the consumers the sender identity (a deploy parameter) and the site's address", () => {
    const fns = resourcesOf(t.events, "AWS::Lambda::Function");
    for (const handler of senders) {
      const vars = fns[logicalIdOfHandler(stacks.events, handler)]!.Properties.Environment.Variables;
      expect(vars.EMAIL_FROM).toBe(DEFAULT_EMAIL_FROM);
      expect(vars).toHaveProperty("SITE_URL");
      expect(vars.SST_Parameter_value_EMAIL_FROM).toBe(DEFAULT_EMAIL_FROM);
    }
    const params = stacks.events.node.findAll().filter((c): c is Config.Parameter => c instanceof Config.Parameter);
    expect(params.map((p) => p.name)).toEqual(["EMAIL_FROM"]);
  });

  it("runs each SCHEDULES entry on a scheduled rule targeting its handler", () => {
    const scheduled = Object.values(resourcesOf(t.events, "AWS::Events::Rule")).filter((r) => r.Properties.ScheduleExpression);
    expect(scheduled).toHaveLength(SCHEDULES.length);
    const handlers = handlersOf(stacks.events);
    for (const schedule of SCHEDULES) {
      const rule = scheduled.find(
        (r) =>
          r.Properties.ScheduleExpression === rateOf(schedule.everyMinutes) &&
          handlers.get(r.Properties.Targets[0].Arn["Fn::GetAtt"][0] as string) === schedule.handler,
      );
      expect(rule, schedule.id).toBeDefined();
    }
    expect(rateOf(1)).toBe("rate(1 minute)");
    expect(rateOf(5)).toBe("rate(5 minutes)");
  });
});

describe("Api", () => {
  it("has exactly the catch-all proxy route into one Lambda with the Hono handler", () => {
    t.api.resourceCountIs("AWS::ApiGatewayV2::Api", 1);
    const routes = Object.values(resourcesOf(t.api, "AWS::ApiGatewayV2::Route"));
    expect(routes.map((r) => r.Properties.RouteKey)).toEqual([API_ROUTE]);
    const integrations = resourcesOf(t.api, "AWS::ApiGatewayV2::Integration");
    expect(Object.keys(integrations)).toHaveLength(1);
    const [integrationId, integration] = Object.entries(integrations)[0]!;
    expect(routes[0]!.Properties.Target).toEqual({ "Fn::Join": ["", ["integrations/", { Ref: integrationId }]] });
    expect(integration.Properties.IntegrationType).toBe("AWS_PROXY");
    const fnId = integration.Properties.IntegrationUri["Fn::GetAtt"][0] as string;
    expect(handlersOf(stacks.api).get(fnId)).toBe(API_HANDLER);
    expect([...handlersOf(stacks.api).values()]).toEqual([API_HANDLER]);
  });

  it("binds table, bucket, bus and both Stripe secrets, and sets APP_ORIGIN", () => {
    const fnId = logicalIdOfHandler(stacks.api, API_HANDLER);
    const vars = resourcesOf(t.api, "AWS::Lambda::Function")[fnId]!.Properties.Environment.Variables;
    expect(vars).toMatchObject({
      SST_Secret_value_STRIPE_SECRET_KEY: "__FETCH_FROM_SSM__",
      SST_Secret_value_STRIPE_WEBHOOK_SECRET: "__FETCH_FROM_SSM__",
      APP_ORIGIN: expect.any(String),
    });
    expect(Object.keys(vars)).toEqual(
      expect.arrayContaining(["SST_Table_tableName_Table", "SST_Bucket_bucketName_Uploads", "SST_EventBus_eventBusName_Bus"]),
    );
    // The function may read the secrets' SSM parameters…
    const policies = JSON.stringify(resourcesOf(t.api, "AWS::IAM::Policy"));
    expect(policies).toContain(`parameter/sst/printhood/${STAGE}/Secret/STRIPE_SECRET_KEY/value`);
    expect(policies).toContain(`parameter/sst/printhood/${STAGE}/Secret/STRIPE_WEBHOOK_SECRET/value`);
    // …and SST injects their values at deploy time.
    t.api.resourceCountIs("Custom::SecretPrefetcher", 1);
  });
});

describe("Api: abuse", () => {
  it("throttles the whole stage in API Gateway (the per-address limits are the app's, in DynamoDB)", () => {
    const stages = Object.values(resourcesOf(t.api, "AWS::ApiGatewayV2::Stage"));
    expect(stages).toHaveLength(1);
    expect(stages[0]!.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: API_THROTTLE.rate,
      ThrottlingBurstLimit: API_THROTTLE.burst,
    });
  });

  it("gives the Lambda the generated origin secret and page-marker key, resolved by CloudFormation, never a literal", () => {
    const secrets = resourcesOf(t.api, "AWS::SecretsManager::Secret");
    expect(Object.keys(secrets)).toHaveLength(2);
    const fnId = logicalIdOfHandler(stacks.api, API_HANDLER);
    const env = resourcesOf(t.api, "AWS::Lambda::Function")[fnId]!.Properties.Environment.Variables;
    const used = [ORIGIN_VERIFY_ENV, CURSOR_SECRET_ENV].map((name) => {
      const [secretId, secret] = Object.entries(secrets).find(([id]) => JSON.stringify(env[name]).includes(`"${id}"`))!;
      expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48, ExcludePunctuation: true });
      expect(env[name]).toEqual({ "Fn::Join": ["", ["{{resolve:secretsmanager:", { Ref: secretId }, ":SecretString:::}}"]] });
      return secretId;
    });
    expect(new Set(used).size).toBe(2);
  });
});

describe("Web", () => {
  it("serves the site from CloudFront with an uncached /api/* behavior to API Gateway", () => {
    const dists = Object.values(resourcesOf(t.web, "AWS::CloudFront::Distribution"));
    expect(dists).toHaveLength(1);
    const cfg = dists[0]!.Properties.DistributionConfig;
    expect(cfg.DefaultRootObject).toBe("index.html");
    // Addresses the build did not draw get the app shell, as local mode serves them (packages/local/src/static.ts).
    expect(cfg.CustomErrorResponses).toEqual(
      [403, 404].map((ErrorCode) => ({ ErrorCode, ResponseCode: 200, ResponsePagePath: "/app.html", ErrorCachingMinTTL: 0 })),
    );

    const behaviors = cfg.CacheBehaviors as any[];
    expect(behaviors.map((b) => b.PathPattern)).toEqual([...PUBLIC_API_PATHS, API_PATH_PATTERN]);
    const api = behaviors.at(-1);
    expect(api.PathPattern).toBe(API_PATH_PATTERN);
    expect(api.AllowedMethods).toEqual(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"]);
    expect(api.CachePolicyId).toBe("4135ea2d-6df8-44a3-9df3-4b5a84be39ad"); // Managed-CachingDisabled
    expect(api.OriginRequestPolicyId).toBe("b689b0a8-53d0-40ab-baf2-68738e2966ac"); // Managed-AllViewerExceptHostHeader
    expect(api.ViewerProtocolPolicy).toBe("https-only");
    expect(api.FunctionAssociations).toHaveLength(1);
    expect(api.FunctionAssociations[0].EventType).toBe("viewer-request");

    const origins = cfg.Origins as any[];
    const apiOrigin = origins.find((o) => o.Id === api.TargetOriginId);
    const siteOrigin = origins.find((o) => o.Id === cfg.DefaultCacheBehavior.TargetOriginId);
    expect(apiOrigin).toBeDefined();
    expect(siteOrigin).toBeDefined();
    expect(apiOrigin).not.toBe(siteOrigin);
    expect(apiOrigin.CustomOriginConfig.OriginProtocolPolicy).toBe("https-only");
    // The domain is parsed from the Api stack's endpoint export: evaluate the intrinsics with a
    // sample endpoint to check it yields the bare API Gateway host name.
    const endpoint = "https://abc123.execute-api.us-east-1.amazonaws.com";
    expect(JSON.stringify(apiOrigin.DomainName)).toMatch(/"Fn::ImportValue":"test-printhood-Api:[^"]*ApiEndpoint/);
    expect(evaluate(apiOrigin.DomainName, endpoint)).toBe("abc123.execute-api.us-east-1.amazonaws.com");
    expect(siteOrigin.S3OriginConfig ?? siteOrigin.DomainName).toBeDefined();
  });

  it("forwards the viewer host to the API via a CloudFront function", () => {
    t.web.hasResourceProperties("AWS::CloudFront::Function", {
      FunctionCode: Match.stringLikeRegexp("x-forwarded-host"),
    });
  });

  it("sends the API the viewer's address and the origin secret, so the API can trust one because of the other", () => {
    // The function overwrites the header whatever the viewer sent.
    expect(FORWARD_HOST_CODE).toContain(`request.headers["${EDGE_HEADERS.viewerAddress}"] = { value: event.viewer.ip };`);
    t.web.hasResourceProperties("AWS::CloudFront::Function", { FunctionCode: FORWARD_HOST_CODE });
    const cfg = Object.values(resourcesOf(t.web, "AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;
    const api = (cfg.CacheBehaviors as any[]).find((b) => b.PathPattern === API_PATH_PATTERN);
    const apiOrigin = (cfg.Origins as any[]).find((o) => o.Id === api.TargetOriginId);
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      {
        HeaderName: EDGE_HEADERS.originVerify,
        HeaderValue: {
          "Fn::Join": [
            "",
            [
              "{{resolve:secretsmanager:",
              { "Fn::ImportValue": expect.stringMatching(/^test-printhood-Api:ExportsOutputRefOriginVerify/) },
              ":SecretString:::}}",
            ],
          ],
        },
      },
    ]);
  });

  it("adds the security headers of core/src/security/headers.ts to the site and the API through one response-headers policy", () => {
    const policies = resourcesOf(t.web, "AWS::CloudFront::ResponseHeadersPolicy");
    expect(Object.keys(policies)).toHaveLength(1);
    const [policyId, policy] = Object.entries(policies)[0]!;
    const policyConfig = policy.Properties.ResponseHeadersPolicyConfig;
    // The CSP names the uploads bucket (imported from Storage): evaluate it with a sample name.
    const expected = securityHeaders(siteSources(s3BucketUrl("uploads-bucket", "us-east-1")));
    const sec = policyConfig.SecurityHeadersConfig;
    expect(evaluate(sec.ContentSecurityPolicy.ContentSecurityPolicy, "uploads-bucket")).toBe(expected["Content-Security-Policy"]);
    expect(sec.ContentSecurityPolicy.Override).toBe(true);
    expect(sec.StrictTransportSecurity).toEqual({ AccessControlMaxAgeSec: 63_072_000, IncludeSubdomains: true, Override: true });
    expect(expected["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(sec.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(sec.ContentTypeOptions).toEqual({ Override: true });
    expect(expected["X-Content-Type-Options"]).toBe("nosniff");
    expect(sec.FrameOptions).toEqual({ FrameOption: expected["X-Frame-Options"], Override: true });
    expect(sec.ReferrerPolicy).toEqual({ ReferrerPolicy: expected["Referrer-Policy"], Override: true });
    expect(policyConfig.CustomHeadersConfig.Items).toEqual([
      { Header: "Permissions-Policy", Value: expected["Permissions-Policy"], Override: true },
    ]);

    const cfg = Object.values(resourcesOf(t.web, "AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;
    expect(cfg.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    for (const behavior of cfg.CacheBehaviors as any[])
      expect(behavior.ResponseHeadersPolicyId, behavior.PathPattern).toEqual({ Ref: policyId });
  });

  it("caches exactly GET /api/printers (any query) and /api/stats at the CDN, keyed by the query string only, as long as the origin's s-maxage says", () => {
    const cfg = Object.values(resourcesOf(t.web, "AWS::CloudFront::Distribution"))[0]!.Properties.DistributionConfig;
    const behaviors = cfg.CacheBehaviors as any[];
    const api = behaviors.find((b) => b.PathPattern === API_PATH_PATTERN);
    // Exact paths, before /api/* (CloudFront takes the first match): /api/printers/{id}, an owner's
    // /api/printers/{id}/jobs and everything else stay on the uncached /api/* behaviour.
    expect(PUBLIC_API_PATHS).toEqual(["/api/printers", "/api/stats"]);
    expect(behaviors.indexOf(api)).toBe(PUBLIC_API_PATHS.length);
    const policies = resourcesOf(t.web, "AWS::CloudFront::CachePolicy");
    expect(Object.keys(policies)).toHaveLength(1);
    const [policyId, policy] = Object.entries(policies)[0]!;
    const pc = policy.Properties.CachePolicyConfig;
    // The origin decides (s-maxage=5); without a Cache-Control (errors are no-store) nothing is kept.
    expect(pc.MinTTL).toBe(0);
    expect(pc.DefaultTTL).toBe(0);
    expect(pc.MaxTTL).toBe(PUBLIC_API_MAX_TTL_SECONDS);
    const key = pc.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: "all" });
    expect(key.CookiesConfig).toEqual({ CookieBehavior: "none" });
    expect(key.HeadersConfig).toEqual({ HeaderBehavior: "none" });

    const functions = resourcesOf(t.web, "AWS::CloudFront::Function");
    const publicFunctionId = Object.entries(functions).find(([, f]) => f.Properties.FunctionCode === PUBLIC_REQUEST_CODE)?.[0];
    expect(publicFunctionId).toBeDefined();
    for (const path of PUBLIC_API_PATHS) {
      const b = behaviors.find((x) => x.PathPattern === path);
      expect(b, path).toBeDefined();
      expect(b.CachePolicyId, path).toEqual({ Ref: policyId });
      expect(b.TargetOriginId, path).toBe(api.TargetOriginId); // the same API origin, with its secret
      expect(b.ViewerProtocolPolicy, path).toBe("https-only");
      expect(b.AllowedMethods, path).toEqual(api.AllowedMethods); // POST /api/printers lists a printer
      expect(b.OriginRequestPolicyId, path).toBe(api.OriginRequestPolicyId);
      expect(b.FunctionAssociations, path).toEqual([
        { EventType: "viewer-request", FunctionARN: { "Fn::GetAtt": [publicFunctionId, "FunctionARN"] } },
      ]);
    }
    // The uncached /api/* behaviour is unchanged.
    expect(api.CachePolicyId).toBe("4135ea2d-6df8-44a3-9df3-4b5a84be39ad");
  });

  it("sends cached GETs to the API without the viewer's cookies or Authorization; other methods keep them", () => {
    const handler = new Function(`${PUBLIC_REQUEST_CODE}; return handler;`)() as (event: unknown) => any;
    const event = (method: string) => ({
      viewer: { ip: "203.0.113.7" },
      request: {
        method,
        uri: "/api/printers",
        querystring: { material: { value: "PLA" } },
        headers: { host: { value: "printhood.app" }, authorization: { value: "Bearer x" } },
        cookies: { ph_session: { value: "secret" }, other: { value: "1" } },
      },
    });
    for (const method of ["GET", "HEAD"]) {
      const out = handler(event(method));
      expect(out.cookies, method).toEqual({});
      expect(out.headers.authorization, method).toBeUndefined();
      expect(out.headers["x-forwarded-host"]).toEqual({ value: "printhood.app" });
      expect(out.headers[EDGE_HEADERS.viewerAddress]).toEqual({ value: "203.0.113.7" });
      expect(out.querystring).toEqual({ material: { value: "PLA" } });
    }
    const post = handler(event("POST"));
    expect(post.cookies.ph_session).toEqual({ value: "secret" });
    expect(post.headers["x-forwarded-host"]).toEqual({ value: "printhood.app" });
  });

  it("lets the CSP load Stripe.js exactly when the API is given a publishable key (checkout then uses Stripe Elements)", () => {
    const before = process.env.STRIPE_PUBLISHABLE_KEY;
    try {
      delete process.env.STRIPE_PUBLISHABLE_KEY;
      expect(siteSources("https://b").stripe).toBe(false);
      process.env.STRIPE_PUBLISHABLE_KEY = "pk_live_x";
      expect(siteSources("https://b").stripe).toBe(true);
      expect(securityHeaders(siteSources("https://b"))["Content-Security-Policy"]).toContain(
        "script-src 'self' 'wasm-unsafe-eval' https://js.stripe.com",
      );
    } finally {
      if (before === undefined) delete process.env.STRIPE_PUBLISHABLE_KEY;
      else process.env.STRIPE_PUBLISHABLE_KEY = before;
    }
  });

  it("has the site bucket", () => {
    t.web.resourceCountIs("AWS::S3::Bucket", 1);
  });
});
