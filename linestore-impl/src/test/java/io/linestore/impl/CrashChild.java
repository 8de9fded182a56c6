package io.linestore.impl;

import io.linestore.LineStores;
import io.linestore.StoreOptions;
import io.linestore.impl.build.StoreBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The writer {@link CrashTest} runs in a child JVM and kills: one build, replacement, append or index,
 * through small buffers so that it writes for a while. Exits 0 when the write committed, 1 when it
 * was refused or failed (the message on standard error).
 */
final class CrashChild {

    /** The shape of every store the crash tests write: small shards, so a write spans several. */
    static final StoreOptions SHAPE = StoreOptions.builder().sharded(5_000).writeBufferSize(4096).build();

    private CrashChild() {
    }

    /**
     * Runs one write.
     *
     * @param args {@code build|replace|append STORE INPUT}, or {@code index FILE STRIDE}
     * @throws IOException if the input cannot be read
     */
    public static void main(String[] args) throws IOException {
        try {
            switch (args[0]) {
                case "build" -> LineStores.build(Path.of(args[2]), Path.of(args[1]), SHAPE);
                case "replace" -> {
                    try (InputStream in = Files.newInputStream(Path.of(args[2]))) {
                        StoreBuilder.build(in, Path.of(args[1]), SHAPE, true);
                    }
                }
                case "append" -> {
                    try (InputStream in = Files.newInputStream(Path.of(args[2]))) {
                        LineStores.append(Path.of(args[1]), in, SHAPE);
                    }
                }
                case "index" -> LineStores.index(Path.of(args[1]), SHAPE.toBuilder()
                        .indexStride(Integer.parseInt(args[2])).build());
                default -> throw new IllegalArgumentException("unknown write " + args[0]);
            }
        } catch (RuntimeException e) {
            System.err.println(e);
            System.exit(1);
        }
    }
}
