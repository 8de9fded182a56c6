package io.linestore.impl;

import io.linestore.ExistingStore;
import io.linestore.IndexOptions;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import java.nio.file.Path;

/**
 * The writer {@link CrashTest} runs in a child JVM and kills: one build, replacement, append or index,
 * through small buffers so that it writes for a while. Exits 0 when the write committed, 1 when it
 * was refused or failed (the message on standard error).
 */
final class CrashChild {

    /** The shape of every store the crash tests write: small shards, so a write spans several. */
    static final StoreOptions SHAPE = StoreOptions.builder().sharded(5_000).build();

    /** Small buffers, so that a write makes many system calls to be killed between. */
    static final WriteOptions WRITE = WriteOptions.builder().writeBufferSize(4096).build();

    private CrashChild() {
    }

    /**
     * Runs one write.
     *
     * @param args {@code build|replace|append STORE INPUT}, or {@code index FILE STRIDE}
     */
    public static void main(String[] args) {
        try {
            switch (args[0]) {
                case "build" -> LineStores.build(Path.of(args[2]), Path.of(args[1]), SHAPE, WRITE);
                case "replace" -> LineStores.build(Path.of(args[2]), Path.of(args[1]), SHAPE, WRITE,
                        ExistingStore.REPLACE);
                case "append" -> LineStores.append(Path.of(args[1]), Path.of(args[2]), WRITE);
                case "index" -> LineStores.index(Path.of(args[1]),
                        IndexOptions.builder().indexStride(Integer.parseInt(args[2])).build(), WRITE);
                default -> throw new IllegalArgumentException("unknown write " + args[0]);
            }
        } catch (RuntimeException e) {
            System.err.println(e);
            System.exit(1);
        }
    }
}
