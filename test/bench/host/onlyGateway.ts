/** The benchmark runs against one gateway: the extension's only configured one. */
import type { PageGatewayTestApi } from '../../../src/extension';
import type { Gateway } from '../../../src/gateway/gateway';

export function onlyGateway(api: PageGatewayTestApi): Gateway {
  const gateway = api.registry.single();
  if (!gateway) {
    throw new Error(`the benchmark expects exactly one configured gateway, found ${api.registry.entries().length}`);
  }
  return gateway;
}
