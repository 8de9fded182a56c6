package io.linestore;

/** How a store places its lines in files. */
public enum Layout {

    /** One data file and one index file: {@code data.lines}, {@code data.idx}. */
    SINGLE,

    /**
     * Fixed-size shards: shard {@code k} holds lines {@code [k*S, (k+1)*S)} in
     * {@code shards/0000000k.lines} with its own index, where {@code S} is
     * {@link StoreOptions#linesPerShard()}. A line number routes to its shard by one division.
     */
    SHARDED
}
