/**
 * Compressed data files: zstd frames of whole lines, ended by a seek table of the zstd seekable
 * format ({@link io.linestore.impl.zstd.SeekTable}), written by {@link io.linestore.impl.zstd.BlockWriter}
 * and read by text offset through {@link io.linestore.impl.blocks.BlockReader} and a shared
 * {@link io.linestore.impl.blocks.BlockCache}.
 */
package io.linestore.impl.zstd;
