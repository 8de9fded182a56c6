/**
 * Compressed text read by text offset, whatever the codec: a {@link io.linestore.impl.blocks.BlockTable}
 * says where each block lies, a {@link io.linestore.impl.blocks.BlockDecoder} decodes it, and
 * {@link io.linestore.impl.blocks.BlockReader} serves ranges of text through the store's
 * {@link io.linestore.impl.blocks.BlockCache}. A compressed file indexed in place keeps its blocks in a
 * {@link io.linestore.impl.blocks.CheckpointTable}, written as a
 * {@link io.linestore.impl.blocks.Checkpointer} decodes the file once.
 */
package io.linestore.impl.blocks;
