package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.Compression;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import java.io.BufferedReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading holds native memory bounded by the store, not by the threads that read: after a compressed
 * store has been read from 10,000 virtual threads, twice, the native memory in use (native memory
 * tracking's committed bytes outside the heap, plus the C library's {@code malloc} it does not track,
 * where zstd keeps its contexts) is back within 1 MiB of its level after the first round. A zstd context
 * or a direct buffer kept per thread would leave 10,000 of them behind. Run in a child JVM started with
 * {@code -XX:NativeMemoryTracking=summary}.
 */
class NativeMemoryTest {

    private static final int LINES = 200_000;
    private static final long ONE_MIB = 1 << 20;
    private static final Path JAVA = Path.of(ProcessHandle.current().info().command().orElseThrow());
    private static final Pattern TOTAL = Pattern.compile("Total: reserved=(\\d+)KB, committed=(\\d+)KB");
    private static final Pattern TRACKED_MALLOC = Pattern.compile("Total:.*\\R\\s*malloc: (\\d+)KB");
    private static final Pattern HEAP = Pattern.compile("Java Heap \\(reserved=(\\d+)KB, committed=(\\d+)KB\\)");

    @TempDir
    Path dir;

    @Test
    void tenThousandVirtualThreadsLeaveNativeMemoryWhereItWas() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < LINES; i++) {
            text.append("line ").append(i).append(" of a store read from many threads\n");
        }
        Path input = Files.writeString(dir.resolve("lines.txt"), text, StandardCharsets.US_ASCII);
        Path store = dir.resolve("store");
        LineStores.build(input, store, StoreOptions.builder().compression(Compression.zstd()).build());

        Path err = dir.resolve("child.err");
        Process child = new ProcessBuilder(List.of(JAVA.toString(),
                "-XX:NativeMemoryTracking=summary", "-XX:TieredStopAtLevel=1", "-Xmx256m",
                "--enable-native-access=ALL-UNNAMED", "-cp", CrashTest.childClassPath(),
                NativeMemoryChild.class.getName(), store.toString(), ReadMethod.FILE_CHANNEL.name(), Integer.toString(LINES)))
                .redirectError(err.toFile()).start();
        long[] inUse = new long[2];
        try (BufferedReader printed = child.inputReader(StandardCharsets.US_ASCII);
                Writer answers = child.outputWriter(StandardCharsets.US_ASCII)) {
            for (int round = 0; round < inUse.length; round++) {
                String malloc = printed.readLine();
                assertThat(malloc).as("round %d: %s", round, Files.readString(err)).isNotNull();
                inUse[round] = nativeBytesInUse(child.pid(), Long.parseLong(malloc));
                answers.write('\n');
                answers.flush();
            }
        }
        assertThat(child.waitFor(2, TimeUnit.MINUTES)).as("the reads finished").isTrue();
        assertThat(child.exitValue()).as("the child: %s", Files.readString(err)).isZero();

        assertThat(inUse[1] - inUse[0])
                .as("native bytes: %,d after the first round, %,d after the second", inUse[0], inUse[1])
                .isLessThanOrEqualTo(ONE_MIB);
    }

    /**
     * Native memory in use outside the Java heap: what native memory tracking counts as committed (direct
     * buffers and arenas among it), less the heap, plus what {@code malloc} has handed out that the
     * tracking does not see (a native library's own, as zstd's contexts).
     */
    private static long nativeBytesInUse(long pid, long mallocInUse) throws Exception {
        Process jcmd = new ProcessBuilder(JAVA.resolveSibling("jcmd").toString(), Long.toString(pid),
                "VM.native_memory", "summary").redirectErrorStream(true).start();
        String summary = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertThat(jcmd.waitFor()).as("jcmd: %s", summary).isZero();
        long committed = kib(TOTAL, summary, 2);
        long heap = kib(HEAP, summary, 2);
        long trackedMalloc = kib(TRACKED_MALLOC, summary, 1);
        return committed - heap + Math.max(0, mallocInUse - trackedMalloc);
    }

    private static long kib(Pattern pattern, String summary, int group) {
        Matcher matcher = pattern.matcher(summary);
        assertThat(matcher.find()).as("%s in the native memory summary:%n%s", pattern, summary).isTrue();
        return Long.parseLong(matcher.group(group)) * 1024;
    }
}
