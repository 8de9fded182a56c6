package io.linestore.s3;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.impl.index.LineIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

/**
 * A measurement, not a test (run by hand, see docs/object-storage.md): latency of 1, 100 and 10,000-line
 * reads of an S3 store with its index cached, against one bare ranged GET of the same bytes (the
 * floor), GETs per read, and the throughput of 1, 8 and 32 threads doing one-line reads, on a
 * SeaweedFS started on 127.0.0.1. Arguments: a scratch directory, reads per size (default 300),
 * seconds per concurrency level (default 5).
 */
final class S3LatencyProbe {

    private static final int LINES = 1_000_000;

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
        RequestCounter counter = new RequestCounter();
        try (SeaweedFs server = SeaweedFs.startAnother("latency");
                S3Objects objects = server.client(dir.resolve("cache"), counter)) {
            String bucket = SeaweedFs.newBucket(objects);
            S3Location location = new S3Location(bucket, "probe");
            new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(local, location);
            IndexCache cache = new IndexCache(dir.resolve("cache"), 1L << 30);
            StoreObjects objectsOfStore = StoreObjects.locate(objects, location);
            try (ShardIndexes indexes = new ShardIndexes(objects, objectsOfStore, cache);
                    LineStore store = S3LineStore.open(objects, cache, location, ReadOptions.of(ReadMethod.AUTO),
                            () -> { })) {
                LineIndex index = indexes.index(0);
                store.read(0, 1);
                System.out.printf(Locale.ROOT, "%-8s %10s %10s %12s %12s %8s%n", "lines", "p50 ms", "p99 ms",
                        "bare p50 ms", "bare p99 ms", "GETs");
                SplittableRandom random = new SplittableRandom(1);
                for (int size : new int[] {1, 100, 10_000}) {
                    long[] read = new long[reads];
                    long[] bare = new long[reads];
                    counter.reset();
                    for (int i = 0; i < reads; i++) {
                        int offset = random.nextInt(LINES - size);
                        long from = index.entry(offset) - (offset > 0 ? 1 : 0);
                        long to = index.entry(offset + size);
                        long t0 = System.nanoTime();
                        store.read(offset, size);
                        long t1 = System.nanoTime();
                        objects.getRange(bucket, objectsOfStore.dataKey(0), from, to, null);
                        long t2 = System.nanoTime();
                        read[i] = t1 - t0;
                        bare[i] = t2 - t1;
                    }
                    double getsPerRead = (counter.get("GetObjectRequest") - reads) / (double) reads;
                    System.out.printf(Locale.ROOT, "%-8d %10.2f %10.2f %12.2f %12.2f %8.2f%n", size, ms(read, 50),
                            ms(read, 99), ms(bare, 50), ms(bare, 99), getsPerRead);
                }
                for (int threads : new int[] {1, 8, 32}) {
                    System.out.printf(Locale.ROOT, "%2d threads: %8.0f one-line reads/s%n", threads,
                            throughput(store, threads, seconds));
                }
            }
        }
    }

    private static double throughput(LineStore store, int threads, int seconds) throws Exception {
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
                        store.read(random.nextInt(LINES), 1);
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
