/** A fresh API key from the gateway at `base`, through HTTP Basic with the default login. */
export async function acquireKey(base: string, devicetype = 'herdgate-bench'): Promise<string> {
  const response = await fetch(`${base}/api`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from('delight:delight').toString('base64')}` },
    body: JSON.stringify({ devicetype }),
  });
  const body = (await response.json()) as [{ success?: { username?: string } }];
  const key = body[0]?.success?.username;
  if (response.status !== 200 || !key) throw new Error(`key acquisition failed: ${response.status} ${JSON.stringify(body)}`);
  return key;
}
