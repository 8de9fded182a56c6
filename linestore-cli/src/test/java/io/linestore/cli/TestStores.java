package io.linestore.cli;

import io.linestore.Compression;
import io.linestore.IndexOptions;
import io.linestore.LineStores;
import io.linestore.StoreOptions;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** Small text files and stores for the command tests, with the bytes a store must keep exactly. */
final class TestStores {

    static final int LINE_COUNT = 500;

    private TestStores() {
    }

    /**
     * The lines of {@link #writeText}: plain text, an empty line, a tab, a lone carriage return
     * (content, not a terminator) and bytes that are not UTF-8.
     */
    static List<byte[]> lines() {
        List<byte[]> lines = new ArrayList<>();
        for (int i = 0; i < LINE_COUNT; i++) {
            String text = switch (i % 5) {
                case 0 -> "line " + i;
                case 1 -> "";
                case 2 -> "tab\there " + i;
                case 3 -> "carriage\rreturn " + i;
                default -> "caf\u00e9 " + i;
            };
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            if (i % 50 == 7) {
                bytes = new byte[] {'b', (byte) 0xff, (byte) 0xc3, 'd'};
            }
            lines.add(bytes);
        }
        return lines;
    }

    /** The lines joined, each followed by {@code \n}: what {@code sed -n} prints for them. */
    static byte[] joined(List<byte[]> lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] line : lines) {
            out.writeBytes(line);
            out.write('\n');
        }
        return out.toByteArray();
    }

    static Path writeText(Path directory) {
        Path file = directory.resolve("input.txt");
        try {
            Files.write(file, joined(lines()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    static Path single(Path directory) {
        Path store = directory.resolve("single");
        LineStores.build(writeText(directory), store, StoreOptions.defaults());
        return store;
    }

    /** {@link #writeText}'s text as a gzip file of several members, indexed in place with small spans. */
    static Path gzipFile(Path directory) {
        Path file = directory.resolve("input.txt.gz");
        byte[] text = joined(lines());
        ByteArrayOutputStream members = new ByteArrayOutputStream();
        try {
            for (int at = 0; at < text.length; at += 4_000) {
                ByteArrayOutputStream member = new ByteArrayOutputStream();
                try (GZIPOutputStream gzip = new GZIPOutputStream(member)) {
                    gzip.write(text, at, Math.min(4_000, text.length - at));
                }
                members.writeBytes(member.toByteArray());
            }
            Files.write(file, members.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        LineStores.index(file, IndexOptions.builder().spanBytes(Compression.MIN_BLOCK_BYTES).build());
        return file;
    }

    static Path sharded(Path directory) {
        Path store = directory.resolve("sharded");
        LineStores.build(writeText(directory), store,
                StoreOptions.builder().sharded(64).indexStride(4).build());
        return store;
    }
}
