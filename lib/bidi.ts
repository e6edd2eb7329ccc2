/**
 * A person's name or words inside a sentence, set apart for the bidirectional algorithm (Unicode's first strong
 * isolate … pop directional isolate, what <bdi> does in markup): "…for ليلى الحسيني: $290.00" would otherwise read
 * "for 290.00$ :ليلى الحسيني". For text that cannot hold markup: an <option>, a translated sentence's value.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
