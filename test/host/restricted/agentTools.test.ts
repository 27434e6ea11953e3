// Restricted Mode and the language-model tools: the folder's gateway URLs (restricted settings) never reach a result;
// the tools see the user's gateways only, as the trees do.
import * as assert from 'node:assert/strict';
import { startSampleGateway } from '../../gateway/server';
import { configure, extensionApi, waitFor } from '../support';
import { invokeTool } from '../agentTools/toolSupport';

describe('Restricted Mode: the agent’s tools', function () {
  this.timeout(30_000);

  it('List Gateways shows the user’s gateway only; the folder’s host appears in no result', async () => {
    const api = await extensionApi();
    const gateway = await startSampleGateway();
    try {
      await configure(api, { gateways: [{ name: 'mine', baseUrl: gateway.url }] });
      await waitFor(() => api.registry.gateways().length === 1, 'the user’s gateway');
      const texts = [
        await invokeTool('pageGateway_listGateways', {}),
        await invokeTool('pageGateway_findPageGroups', { gateway: 'folder' }),
        await invokeTool('pageGateway_listWebhookSubscriptions', {}),
      ];
      assert.match(texts[0] ?? '', /"name":"mine"/);
      assert.match(texts[1] ?? '', /There is no gateway named “folder”\. The configured gateways: “mine”\./);
      for (const text of texts) {
        assert.ok(!text.includes('attacker.example.net'), text.slice(0, 200));
      }
    } finally {
      await configure(api, { gateways: undefined });
      await gateway.close();
    }
  });
});
