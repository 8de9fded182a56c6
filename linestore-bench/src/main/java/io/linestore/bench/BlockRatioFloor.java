package io.linestore.bench;

import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDictTrainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The floor of a compressed store's size: a file cut into independent blocks of one size, each
 * compressed by zstd at a given level with a dictionary trained on the file itself (2,000 blocks
 * drawn with seed 1), the dictionary counted in. What any layout of independently decodable blocks
 * of that size costs with zstd, at best; compare with {@code zstd -3} of the whole file. Run on every
 * core; prints one line.
 *
 * <pre>java -cp linestore-bench/target/benchmarks.jar io.linestore.bench.BlockRatioFloor FILE BLOCK LEVEL DICTIONARY</pre>
 */
public final class BlockRatioFloor {

    private static final int SAMPLES = 2_000;

    private BlockRatioFloor() {
    }

    /**
     * Compresses the file as the class says and prints the bytes.
     *
     * @param arguments the file, the block size, the zstd level, the dictionary's size in bytes
     * @throws IOException if the file cannot be read
     * @throws InterruptedException if interrupted while the blocks are compressed
     * @throws ExecutionException if compressing a block fails
     */
    public static void main(String[] arguments) throws IOException, InterruptedException, ExecutionException {
        if (arguments.length != 4) {
            System.err.println("usage: BlockRatioFloor FILE BLOCK LEVEL DICTIONARY");
            System.exit(2);
        }
        byte[] text = Files.readAllBytes(Path.of(arguments[0]));
        int block = Integer.parseInt(arguments[1]);
        int level = Integer.parseInt(arguments[2]);
        ZstdDictTrainer trainer = new ZstdDictTrainer(SAMPLES * block, Integer.parseInt(arguments[3]));
        Random random = new Random(1);
        for (int i = 0; i < SAMPLES; i++) {
            int at = random.nextInt(Math.max(1, text.length - block));
            trainer.addSample(Arrays.copyOfRange(text, at, Math.min(text.length, at + block)));
        }
        byte[] dictionary = trainer.trainSamples();
        int threads = Runtime.getRuntime().availableProcessors();
        int blocks = Math.ceilDiv(text.length, block);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Long>> parts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t;
                parts.add(pool.submit(() -> {
                    long bytes = 0;
                    try (ZstdCompressCtx zstd = new ZstdCompressCtx()) {
                        zstd.setLevel(level);
                        zstd.loadDict(dictionary);
                        for (int b = first; b < blocks; b += threads) {
                            int at = b * block;
                            bytes += zstd.compress(Arrays.copyOfRange(text, at, Math.min(text.length, at + block))).length;
                        }
                    }
                    return bytes;
                }));
            }
            long total = dictionary.length;
            for (Future<Long> part : parts) {
                total += part.get();
            }
            System.out.printf(Locale.ROOT, "%s: %,d bytes of text in %,d blocks of %,d at level %d with a %,d-byte"
                    + " dictionary: %,d bytes, the dictionary included%n", arguments[0], text.length, blocks, block,
                    level, dictionary.length, total);
        } finally {
            pool.shutdown();
        }
    }
}
