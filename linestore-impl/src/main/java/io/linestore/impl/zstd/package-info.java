/**
 * zstd: the data files of compressed stores, zstd frames of whole lines ended by a seek table of the
 * zstd seekable format ({@link io.linestore.impl.zstd.SeekTable}), written by
 * {@link io.linestore.impl.zstd.BlockWriter}; the decoding of zstd blocks
 * ({@link io.linestore.impl.zstd.ZstdFrames}); and the checkpoints of zstd files of several frames
 * indexed in place ({@link io.linestore.impl.zstd.ZstdCheckpointer}).
 */
package io.linestore.impl.zstd;
