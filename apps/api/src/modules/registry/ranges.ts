export interface SerialRange {
  blockStart: bigint;
  blockEnd: bigint;
}

/**
 * Whether blocks (in serial order, as a registry holds them after earlier splits) cover
 * start..end without a gap, so that the range was issued as a whole.
 */
export function coversRange(blocks: readonly SerialRange[], blockStart: bigint, blockEnd: bigint): boolean {
  const overlapping = blocks.filter((block) => block.blockStart <= blockEnd && block.blockEnd >= blockStart);
  if (overlapping.length === 0 || overlapping[0]!.blockStart > blockStart || overlapping.at(-1)!.blockEnd < blockEnd) return false;
  return overlapping.every((block, index) => index === 0 || block.blockStart === overlapping[index - 1]!.blockEnd + 1n);
}
