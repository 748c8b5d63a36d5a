/** Is this peer address the host itself (127.0.0.0/8, ::1, or their IPv4-mapped forms)? */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.toLowerCase().replace(/^::ffff:/, '');
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain) || plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}
