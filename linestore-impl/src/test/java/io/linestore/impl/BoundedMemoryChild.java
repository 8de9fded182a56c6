package io.linestore.impl;

import io.linestore.Compression;
import io.linestore.IndexOptions;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.VerifyReport;
import io.linestore.WriteOptions;
import java.nio.file.Path;

/**
 * One write of {@link BoundedMemoryBigIT}, run in a child JVM with a small heap: build (plain, or
 * compressed with {@code build-zstd}), index, append or verify with the default options. Exits 0 when it succeeded, 1 otherwise (the message on standard
 * error).
 */
final class BoundedMemoryChild {

    private BoundedMemoryChild() {
    }

    /**
     * Runs one write.
     *
     * @param args {@code build INPUT STORE}, {@code build-zstd INPUT STORE}, {@code index FILE [SPAN]},
     *     {@code append STORE INPUT},
     *     {@code verify STORE}, or {@code read STORE METHOD LINE} (one line into a String; exits 3 with the
     *     message of an {@code OutOfMemoryError})
     */
    public static void main(String[] args) {
        try {
            switch (args[0]) {
                case "build" -> LineStores.build(Path.of(args[1]), Path.of(args[2]), StoreOptions.defaults());
                case "build-zstd" -> LineStores.build(Path.of(args[1]), Path.of(args[2]),
                        StoreOptions.builder().compression(Compression.zstd()).build());
                case "index" -> LineStores.index(Path.of(args[1]), args.length > 2
                        ? IndexOptions.builder().spanBytes(Integer.parseInt(args[2])).build() : IndexOptions.defaults(),
                        WriteOptions.defaults());
                case "append" -> LineStores.append(Path.of(args[1]), Path.of(args[2]), WriteOptions.defaults());
                case "verify" -> {
                    try (LineStore store = LineStores.open(Path.of(args[1]))) {
                        VerifyReport report = store.verify();
                        if (!report.ok()) {
                            throw new IllegalStateException("verify found " + report.problems());
                        }
                    }
                }
                case "read" -> {
                    try (LineStore store = LineStores.open(Path.of(args[1]), ReadMethod.valueOf(args[2]))) {
                        System.out.println(store.read(Long.parseLong(args[3]), 1).getFirst().length());
                    } catch (OutOfMemoryError e) {
                        System.err.println(e.getMessage());
                        System.exit(3);
                    }
                }
                default -> throw new IllegalArgumentException("unknown write " + args[0]);
            }
        } catch (RuntimeException e) {
            System.err.println(e);
            System.exit(1);
        }
    }
}
