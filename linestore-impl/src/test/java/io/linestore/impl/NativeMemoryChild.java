package io.linestore.impl;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SegmentAllocator;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The reading side of {@link NativeMemoryTest}, run in a child JVM with native memory tracking: reads a
 * store, with no block cache so that every read decodes, from 10,000 virtual threads twice (the first round starts every thread, pool and compiled
 * method a round needs). After each round it collects garbage, prints the bytes the C library's
 * {@code malloc} has handed out, and waits for a line on standard input, while the test reads the JVM's
 * own native memory tracking with {@code jcmd}.
 */
final class NativeMemoryChild {

    static final int THREADS = 10_000;

    private NativeMemoryChild() {
    }

    /**
     * Reads and prints.
     *
     * @param args {@code STORE METHOD LINES}: the store, the {@link ReadMethod}, and its line count
     * @throws Throwable if a read or {@code mallinfo2} fails
     */
    public static void main(String[] args) throws Throwable {
        try (LineStore store = LineStores.open(Path.of(args[0]),
                ReadOptions.builder().method(ReadMethod.valueOf(args[1])).blockCacheBytes(0).build())) {
            long lines = Long.parseLong(args[2]);
            for (int round = 0; round < 2; round++) {
                readFromVirtualThreads(store, lines, round);
                settle();
                System.out.println(mallocInUse());
                System.out.flush();
                if (System.in.read() < 0) {
                    return;
                }
            }
        }
    }

    private static void readFromVirtualThreads(LineStore store, long lines, int seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        List<Future<Integer>> reads = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < THREADS; i++) {
                long from = random.nextLong(lines);
                reads.add(threads.submit(() -> store.read(from, 100).size()));
            }
        }
        for (Future<Integer> read : reads) {
            read.get();
        }
    }

    /** Collects garbage, so that memory freed by cleaners is freed, and lets the cleaners run. */
    private static void settle() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
    }

    /** glibc's {@code mallinfo2()}: bytes in use from its heaps ({@code uordblks}) and mapped ({@code hblkhd}). */
    @SuppressWarnings("restricted")
    private static long mallocInUse() throws Throwable {
        Linker linker = Linker.nativeLinker();
        MemoryLayout[] fields = new MemoryLayout[10];
        String[] names = {"arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
            "fordblks", "keepcost"};
        for (int i = 0; i < fields.length; i++) {
            fields[i] = ValueLayout.JAVA_LONG.withName(names[i]);
        }
        MemoryLayout info = MemoryLayout.structLayout(fields);
        MethodHandle mallinfo2 = linker.downcallHandle(linker.defaultLookup().findOrThrow("mallinfo2"),
                FunctionDescriptor.of(info));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment result = (MemorySegment) mallinfo2.invokeExact((SegmentAllocator) arena);
            return result.get(ValueLayout.JAVA_LONG, info.byteOffset(MemoryLayout.PathElement.groupElement("uordblks")))
                    + result.get(ValueLayout.JAVA_LONG, info.byteOffset(MemoryLayout.PathElement.groupElement("hblkhd")));
        }
    }
}
