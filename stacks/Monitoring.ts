import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Topic } from "aws-cdk-lib/aws-sns";
import { EmailSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import { type StackContext, use } from "sst/constructs";
import { APP_NAME } from "../packages/core/src/ops/resources";
import { Api } from "./Api";
import { defineAlarms } from "./alarms";
import { defineDashboard } from "./dashboard";
import { stageSettings } from "./stage";

/**
 * Monitoring (issue 24 point 3): the alarms, the SNS topic they notify (e-mailed to the stage's
 * PRINTHOOD_ALARM_EMAIL when set: stacks/stage.ts) and the stage's dashboard. Last in the app: it
 * watches the others' functions, queues and figures by name, and takes only the API's id from its
 * stack. What each alarm means and what to do: docs/operations.md.
 */
export function Monitoring({ stack, app }: StackContext) {
  const settings = stageSettings(app.stage);
  const { api } = use(Api);
  const httpApi = api.cdk.httpApi;

  const topic = new Topic(stack, "Alarms", { topicName: `${app.stage}-${APP_NAME}-alarms`, displayName: `Printhood ${app.stage} alarms` });
  // The address confirms the subscription from the e-mail AWS sends it once.
  if (settings.alarmEmail) topic.addSubscription(new EmailSubscription(settings.alarmEmail));

  const alarms = defineAlarms(stack, { settings, httpApi, action: new SnsAction(topic) });
  const dashboard = defineDashboard(stack, { stage: app.stage, httpApi, alarms });

  stack.addOutputs({
    AlarmTopicArn: topic.topicArn,
    Dashboard: `https://console.aws.amazon.com/cloudwatch/home?region=${stack.region}#dashboards:name=${dashboard.dashboardName}`,
  });
  return { topic, alarms, dashboard };
}
