package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A line larger than the heap, read into a String in a child JVM with a small heap, is an
 * {@code OutOfMemoryError} whose message names the data file, the lines and their size, with every
 * read method: never the JVM's bare "Java heap space".
 */
class LineTooLargeForHeapTest {

    private static final int LONG_LINE = 48 << 20;
    private static final String HEAP = "-Xmx16m";

    @TempDir
    static Path tmp;

    private static Path store;

    @BeforeAll
    static void buildAStoreWithOneLongLine() throws IOException {
        Path input = tmp.resolve("input.txt");
        try (FileChannel out = FileChannel.open(input, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            out.write(ByteBuffer.wrap("short\n".getBytes()));
            byte[] chunk = new byte[1 << 20];
            Arrays.fill(chunk, (byte) 'x');
            for (int written = 0; written < LONG_LINE; written += chunk.length) {
                out.write(ByteBuffer.wrap(chunk));
            }
            out.write(ByteBuffer.wrap("\nshort again\n".getBytes()));
        }
        store = tmp.resolve("store");
        LineStores.build(input, store, StoreOptions.defaults());
    }

    @ParameterizedTest
    @EnumSource(ReadMethod.class)
    void aLineLargerThanTheHeapIsAnErrorNamingTheFileAndTheLines(ReadMethod method) throws Exception {
        assertThat(run(method, 0)).as("a short line reads in the small heap").startsWith("exit 0: 5");
        String failure = run(method, 1);
        assertThat(failure).startsWith("exit 3: ").contains("data.lines").contains(" 1 ").contains("-Xmx")
                .doesNotContain("Java heap space");
    }

    /** Reads one line in a child JVM; returns "exit N: " and what it printed (the length, or the error). */
    private static String run(ReadMethod method, long line) throws IOException, InterruptedException {
        List<String> command = List.of(ProcessHandle.current().info().command().orElseThrow(), HEAP, "-cp",
                CrashTest.childClassPath(), BoundedMemoryChild.class.getName(), "read", store.toString(),
                method.name(), Long.toString(line));
        Path out = Files.createTempFile(tmp, "child", ".out");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!child.waitFor(2, TimeUnit.MINUTES)) {
            child.destroyForcibly();
            throw new AssertionError("the child reading line " + line + " with " + method + " did not finish");
        }
        return "exit " + child.exitValue() + ": " + Files.readString(out).strip();
    }
}
