import type { Handler } from '../http/services';
import { refuseField } from '../http/validation';
import { issueCredentials, mqttTopics } from './mqttCredentials';

/**
 * `POST monitorchannel/credentials`: issues a channel of protocol mqtt a new secret, answered this
 * once; only its hash is kept, and whoever used the previous one is let go. Another tenant's
 * channel is not found; a channel of another protocol is refused, naming the field.
 */
export const issueMqttCredentials: Handler = async (call) => {
  const { channelId } = call.body as { channelId: number };
  const { repository, mqtt } = call.services;
  const scope = call.scope();
  const channel = await repository.get(scope, 'monitorChannel', channelId);
  if (channel.protocol !== 'mqtt')
    throw refuseField(call.t, { labels: 'forms.mqttCredentialsIssue' }, 'channelId', 'emsDevices.notMqtt');
  const { user, secret } = await issueCredentials(call.data(), scope.tenantId, channelId);
  await mqtt?.credentialsChanged(user);
  const topics = mqttTopics(user);
  return [
    {
      address: mqtt?.address ?? call.t('emsDevices.noBroker'),
      user,
      secret,
      samplesTopic: topics.samples,
      acksTopic: topics.acks,
      commandsTopic: topics.commands,
    },
  ];
};
