package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStore;
import io.linestore.LineStores;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory stays bounded whatever the input's size. Build (plain and compressed), index in place and
 * append of a 10 GB file each run in a child JVM with a 64 MiB heap ({@link BoundedMemoryChild}), and
 * the stores, the indexed file and the appended stores read their last lines exactly. In the {@code big} profile
 * ({@code ./mvnw -Pbig verify}): it writes about 30 GB under {@code java.io.tmpdir} and takes
 * minutes. {@code -Dlinestore.big.bytes=N} sets another input size.
 */
class BoundedMemoryBigIT {

    private static final long BYTES = Long.getLong("linestore.big.bytes", 10_000_000_000L);
    /** Every line is 100 bytes: a 12-digit number, a space, 86 letters, {@code \n}. */
    private static final int LINE_BYTES = 100;
    private static final int DIGITS = 12;
    private static final long LINES = Math.ceilDiv(BYTES, LINE_BYTES);
    private static final long APPENDED = 1_000_000;
    private static final String HEAP = "-Xmx64m";
    private static final long CHILD_TIMEOUT_MINUTES = 30;

    @TempDir
    static Path tmp;

    private static Path input;
    private static Path tail;

    @BeforeAll
    static void writeInputs() throws IOException {
        input = write(tmp.resolve("big.txt"), 0, LINES);
        tail = write(tmp.resolve("tail.txt"), LINES, LINES + APPENDED);
    }

    @Test
    void buildIndexAndAppendRunInA64MiBHeapAndReadTheirLastLines() throws Exception {
        Path store = tmp.resolve("store");

        child("build", input.toString(), store.toString());
        child("index", input.toString());
        try (LineStore built = LineStores.open(store); LineStore indexed = LineStores.open(input)) {
            assertThat(built.lineCount()).isEqualTo(LINES);
            assertThat(built.read(LINES - 3, 10)).isEqualTo(lines(LINES - 3, LINES));
            assertThat(indexed.lineCount()).isEqualTo(LINES);
            assertThat(indexed.read(LINES - 3, 10)).isEqualTo(lines(LINES - 3, LINES));
        }
        child("append", store.toString(), tail.toString());
        child("verify", store.toString());
        try (LineStore appended = LineStores.open(store)) {
            assertThat(appended.lineCount()).isEqualTo(LINES + APPENDED);
            assertThat(appended.read(LINES - 2, 4)).isEqualTo(lines(LINES - 2, LINES + 2));
            assertThat(appended.read(LINES + APPENDED - 3, 10)).isEqualTo(lines(LINES + APPENDED - 3, LINES + APPENDED));
        }
    }

    @Test
    void aCompressedStoreIsBuiltAppendedAndVerifiedInA64MiBHeap() throws Exception {
        Path store = tmp.resolve("compressed");
        child("build-zstd", input.toString(), store.toString());
        try (LineStore built = LineStores.open(store)) {
            assertThat(built.info().compression().compressed()).isTrue();
            assertThat(built.info().dataBytes()).isLessThan(BYTES / 4);
            assertThat(built.read(LINES - 3, 10)).isEqualTo(lines(LINES - 3, LINES));
        }
        child("append", store.toString(), tail.toString());
        child("verify", store.toString());
        try (LineStore appended = LineStores.open(store)) {
            assertThat(appended.lineCount()).isEqualTo(LINES + APPENDED);
            assertThat(appended.read(LINES - 2, 4)).isEqualTo(lines(LINES - 2, LINES + 2));
            assertThat(appended.read(LINES + APPENDED - 3, 10)).isEqualTo(lines(LINES + APPENDED - 3, LINES + APPENDED));
        }
    }

    /** Runs one write (or verify) in a child JVM with the small heap; it must exit 0. */
    private static void child(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow(), HEAP,
                "-cp", CrashTest.childClassPath(), BoundedMemoryChild.class.getName()));
        command.addAll(List.of(args));
        Path err = tmp.resolve("child.err");
        Process child = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile()).start();
        if (!child.waitFor(CHILD_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            child.destroyForcibly();
            throw new AssertionError(args[0] + " did not finish in " + CHILD_TIMEOUT_MINUTES + " minutes");
        }
        assertThat(child.exitValue()).as(args[0] + " with " + HEAP + ": " + Files.readString(err)).isZero();
    }

    /** Writes lines {@code [from, to)}, as {@link #line} makes them, without a string per line. */
    private static Path write(Path file, long from, long to) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer block = ByteBuffer.allocate(LINE_BYTES * 10_000);
            byte[] bytes = block.array();
            for (long i = from; i < to; i++) {
                int at = block.position();
                long digits = i;
                for (int d = DIGITS - 1; d >= 0; d--) {
                    bytes[at + d] = (byte) ('0' + digits % 10);
                    digits /= 10;
                }
                bytes[at + DIGITS] = ' ';
                Arrays.fill(bytes, at + DIGITS + 1, at + LINE_BYTES - 1, (byte) letter(i));
                bytes[at + LINE_BYTES - 1] = '\n';
                block.position(at + LINE_BYTES);
                if (!block.hasRemaining() || i == to - 1) {
                    block.flip();
                    while (block.hasRemaining()) {
                        channel.write(block);
                    }
                    block.clear();
                }
            }
        }
        return file;
    }

    private static List<String> lines(long from, long to) {
        return LongStream.range(from, to).mapToObj(BoundedMemoryBigIT::line).toList();
    }

    /** Line {@code i}, without its {@code \n}. */
    private static String line(long i) {
        return "%012d ".formatted(i) + String.valueOf(letter(i)).repeat(LINE_BYTES - DIGITS - 2);
    }

    private static char letter(long i) {
        return (char) ('a' + i % 26);
    }
}
