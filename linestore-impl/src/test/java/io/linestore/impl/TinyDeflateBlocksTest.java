package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.Compression;
import io.linestore.LineStore;
import io.linestore.LineStores;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Indexing a gzip file holds memory bounded by its settings, not by the file: a deflate block every
 * two bytes of text and the smallest span the command accepts put a checkpoint, with its 32 KiB
 * window, every 64 bytes of text, and the windows waiting for the window thread must stay few. Run
 * in a child JVM with the 64 MiB heap the guarantees promise.
 */
class TinyDeflateBlocksTest {

    private static final String HEAP = "-Xmx64m";
    private static final int LINES = 20_000;

    @TempDir
    Path dir;

    @Test
    void aGzipFileOfTwoByteBlocksIndexesAtTheSmallestSpanInASmallHeap() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < LINES; i++) {
            text.append("line ").append(i).append(" of some text\n");
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.US_ASCII);
        Path file = Files.write(dir.resolve("tiny.gz"), gzipInTwoByteBlocks(bytes));

        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(), HEAP,
                "--enable-native-access=ALL-UNNAMED", "-cp", CrashTest.childClassPath(),
                BoundedMemoryChild.class.getName(), "index", file.toString(),
                Integer.toString(Compression.MIN_BLOCK_BYTES)));
        Path err = dir.resolve("child.err");
        Process child = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        assertThat(child.waitFor(5, TimeUnit.MINUTES)).as("the index finished").isTrue();
        assertThat(child.exitValue()).as("index with %s: %s", HEAP, Files.readString(err)).isZero();

        try (LineStore store = LineStores.open(file)) {
            assertThat(store.lineCount()).isEqualTo(LINES);
            assertThat(store.read(LINES - 2, 5)).containsExactly("line " + (LINES - 2) + " of some text",
                    "line " + (LINES - 1) + " of some text");
            assertThat(store.read(13_337, 1)).containsExactly("line 13337 of some text");
        }
    }

    /** One gzip member whose deflate stream ends a block after every two bytes of text. */
    private static byte[] gzipInTwoByteBlocks(byte[] text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, (byte) 0xff});
        Deflater deflater = new Deflater(6, true);
        byte[] room = new byte[1 << 16];
        for (int at = 0; at < text.length; at += 2) {
            deflater.setInput(text, at, Math.min(2, text.length - at));
            int n;
            while ((n = deflater.deflate(room, 0, room.length, Deflater.SYNC_FLUSH)) > 0) {
                out.write(room, 0, n);
            }
        }
        deflater.finish();
        while (!deflater.finished()) {
            out.write(room, 0, deflater.deflate(room));
        }
        deflater.end();
        CRC32 crc = new CRC32();
        crc.update(text);
        for (long value : new long[] {crc.getValue(), text.length}) {
            for (int k = 0; k < 4; k++) {
                out.write((int) (value >>> (8 * k)));
            }
        }
        return out.toByteArray();
    }
}
