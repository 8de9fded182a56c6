package io.linestore.s3;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.impl.index.LineIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import java.util.stream.IntStream;

/**
 * A measurement, not a test (run by hand, see docs/object-storage.md): latency of 1, 100 and 10,000-line
 * reads of an S3 store with its index cached, against one bare ranged GET of the same bytes (the
 * floor), GETs per read, and the throughput of 1, 8 and 32 threads doing one-line reads, next to the
 * same threads doing bare ranged GETs of the same bytes, with the load average. Twice: against a
 * SeaweedFS started on 127.0.0.1, whose CPU is the machine's, then against a {@link RangeServer} that
 * answers after {@value #STAND_IN_DELAY_MS} ms without using CPU, as a distant server does.
 * Arguments: a scratch directory, reads per size (default 300), seconds per concurrency level
 * (default 5).
 */
final class S3LatencyProbe {

    private static final int LINES = 1_000_000;

    /** The order of a small GET of AWS S3 from within its region (10 ms and up). */
    private static final long STAND_IN_DELAY_MS = 10;

    private S3LatencyProbe() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createDirectories(Path.of(args.length > 0 ? args[0] : "target/latency"));
        int reads = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path input = Files.write(dir.resolve("lines.txt"), IntStream.range(0, LINES)
                .mapToObj(i -> "{\"id\": " + i + ", \"text\": \"line number " + i + " of the probe\"}").toList());
        Path local = dir.resolve("store");
        if (!Files.exists(local)) {
            LineStores.build(input, local, StoreOptions.defaults());
        }
        Path cache = dir.resolve("cache");
        RequestCounter counter = new RequestCounter();
        try (SeaweedFs server = SeaweedFs.startAnother("latency"); S3Objects objects = server.client(cache, counter)) {
            String bucket = SeaweedFs.newBucket(objects);
            ObjectLocation location = new ObjectLocation(bucket, "probe");
            new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
            System.out.println("SeaweedFS (weed mini) on 127.0.0.1:");
            measure(objects, counter, location, cache, reads, seconds);
        }
        counter.reset();
        try (RangeServer standIn = RangeServer.http(dir).bucketPaths(true).delay(STAND_IN_DELAY_MS);
                S3Objects objects = S3Objects.connect(new S3Settings(Optional.of(standIn.endpoint()), "us-east-1",
                        true, cache, 1L << 30, S3Settings.DEFAULT_TIMEOUT, S3Settings.DEFAULT_RETRIES),
                        SeaweedFs.credentials(), List.of(counter))) {
            System.out.printf(Locale.ROOT, "%nthe stand-in answering after %d ms:%n", STAND_IN_DELAY_MS);
            measure(objects, counter, new ObjectLocation("stand-in", local.getFileName().toString()), cache, reads,
                    seconds);
        }
    }

    private static void measure(S3Objects objects, RequestCounter counter, ObjectLocation location, Path cacheDir,
            int reads, int seconds) throws Exception {
        IndexCache cache = new IndexCache(cacheDir, 1L << 30);
        StoreObjects objectsOfStore = StoreObjects.locate(objects, location, cache);
        try (ShardIndexes indexes = new ShardIndexes(objects, objectsOfStore, cache);
                LineStore store = S3LineStore.open(objects, cache, location, ReadOptions.of(ReadMethod.AUTO),
                        () -> { })) {
            LineIndex index = indexes.index(0);
            String key = objectsOfStore.dataKey(0);
            LongConsumer bare = line -> bareGet(objects, location.bucket(), key, index, line, 1);
            store.read(0, 1);
            System.out.printf(Locale.ROOT, "%-8s %10s %10s %12s %12s %8s%n", "lines", "p50 ms", "p99 ms",
                    "bare p50 ms", "bare p99 ms", "GETs");
            SplittableRandom random = new SplittableRandom(1);
            for (int size : new int[] {1, 100, 10_000}) {
                long[] read = new long[reads];
                long[] bareNanos = new long[reads];
                counter.reset();
                for (int i = 0; i < reads; i++) {
                    int offset = random.nextInt(LINES - size);
                    long t0 = System.nanoTime();
                    store.read(offset, size);
                    long t1 = System.nanoTime();
                    bareGet(objects, location.bucket(), key, index, offset, size);
                    long t2 = System.nanoTime();
                    read[i] = t1 - t0;
                    bareNanos[i] = t2 - t1;
                }
                double getsPerRead = (counter.get("GetObjectRequest") - reads) / (double) reads;
                System.out.printf(Locale.ROOT, "%-8d %10.2f %10.2f %12.2f %12.2f %8.2f%n", size, ms(read, 50),
                        ms(read, 99), ms(bareNanos, 50), ms(bareNanos, 99), getsPerRead);
            }
            double one = 0;
            for (int threads : new int[] {1, 8, 32}) {
                double perSecond = throughput(threads, seconds, line -> store.read(line, 1));
                String load = loadAverage();
                double barePerSecond = throughput(threads, seconds, bare);
                one = threads == 1 ? perSecond : one;
                System.out.printf(Locale.ROOT, "%2d threads: %8.0f one-line reads/s (%4.1fx of one thread, load"
                        + " average %s), %8.0f bare GETs/s%n", threads, perSecond, perSecond / one, load,
                        barePerSecond);
            }
        }
    }

    /** The load averages of the last 1, 5 and 15 minutes (java.management is not in this module's graph). */
    private static String loadAverage() throws IOException {
        String[] fields = Files.readString(Path.of("/proc/loadavg")).split(" ");
        return fields[0] + " " + fields[1] + " " + fields[2];
    }

    /** A ranged GET of the bytes a read of lines [line, line + size) fetches; the index is dense. */
    private static void bareGet(S3Objects objects, String bucket, String key, LineIndex index, long line, int size) {
        long from = index.entry(line) - (line > 0 ? 1 : 0);
        objects.getRange(bucket, key, from, index.entry(line + size), null);
    }

    /** Calls {@code read} with random line numbers from each thread for the given time; calls per second. */
    private static double throughput(int threads, int seconds, LongConsumer read) throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            Future<?>[] workers = new Future<?>[threads];
            long[] counts = new long[threads];
            for (int t = 0; t < threads; t++) {
                int id = t;
                workers[t] = pool.submit(() -> {
                    SplittableRandom random = new SplittableRandom(id);
                    while (!stop.get()) {
                        read.accept(random.nextInt(LINES - 1));
                        counts[id]++;
                    }
                });
            }
            long start = System.nanoTime();
            TimeUnit.SECONDS.sleep(seconds);
            stop.set(true);
            for (Future<?> worker : workers) {
                worker.get();
            }
            return Arrays.stream(counts).sum() / ((System.nanoTime() - start) / 1e9);
        } finally {
            pool.shutdown();
        }
    }

    private static double ms(long[] nanos, int percentile) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(percentile / 100.0 * sorted.length) - 1)] / 1e6;
    }
}
