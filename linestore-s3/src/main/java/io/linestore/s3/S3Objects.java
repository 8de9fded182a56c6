package io.linestore.s3;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The object store as linestore uses it: whole small objects, byte ranges, streams, uploads. Wraps
 * one {@link S3Client} (AWS SDK v2, with the JDK's URL connection as HTTP client; for an
 * {@code http://} endpoint opened by {@link HttpConnections}) and turns its
 * failures into {@link S3StoreException}s of one line. Thread-safe; close it to release the client.
 *
 * <p>Checksums are computed and validated only where the S3 API requires them
 * ({@code WHEN_REQUIRED}): S3-compatible servers do not all accept the SDK's default trailing
 * checksums. Requests are retried by the SDK's standard strategy (exponential backoff with jitter)
 * on 5xx answers, throttling, time-outs and broken connections, {@link S3Settings#retries()} times;
 * each try waits {@link S3Settings#timeout()} to connect and for each read of the answer, a GET or
 * HEAD has {@link S3Settings#deadline()} for all of it and a PUT fails when the server takes none of
 * it for {@link S3Settings#writeTimeout()} ({@link ClockedHttpClient}). Byte ranges and small objects
 * are read whole within the SDK's call, so that an answer cut short or late is tried again as a
 * failed connection is; a whole object's stream is read on the deadline too, but not tried again.
 */
final class S3Objects implements ObjectReads {

    /** Bytes of a small object (a manifest) its first GET asks for: most are read whole by it. */
    static final int WHOLE_AT_ONCE = 64 << 10;

    private final S3Client client;
    private final S3Errors errors;

    private S3Objects(S3Client client, S3Errors errors) {
        this.client = client;
        this.errors = errors;
    }

    /**
     * Connects as the settings say, with the SDK's default credentials chain.
     *
     * @param settings endpoint, region, addressing
     * @return the client
     */
    static S3Objects connect(S3Settings settings) {
        return connect(settings, DefaultCredentialsProvider.builder().build(), List.of());
    }

    /**
     * Connects with the given credentials and interceptors (tests count requests with one).
     *
     * @param settings endpoint, region, addressing
     * @param credentials where the credentials come from
     * @param interceptors interceptors added to every request
     * @return the client
     */
    static S3Objects connect(S3Settings settings, AwsCredentialsProvider credentials,
            List<ExecutionInterceptor> interceptors) {
        boolean plainHttp = settings.endpoint().map(uri -> "http".equalsIgnoreCase(uri.getScheme())).orElse(false);
        // An http:// endpoint's connections are opened by HttpConnections: the SDK's builder would make a
        // TLS context no request uses (tens of milliseconds of a short command); its proxy is then the
        // JDK's (-Dhttp.proxyHost), not HTTP_PROXY. Every other endpoint gets the builder's client.
        SdkHttpClient http = plainHttp
                ? UrlConnectionHttpClient.create(uri -> HttpConnections.open(uri, settings.timeout(), null))
                : UrlConnectionHttpClient.builder()
                        .connectionTimeout(settings.timeout())
                        .socketTimeout(settings.timeout())
                        .build();
        var builder = S3Client.builder()
                .httpClient(new ClockedHttpClient(http, settings.deadline(), settings.writeTimeout()))
                .region(Region.of(settings.region()))
                .credentialsProvider(credentials)
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(settings.pathStyle()).build())
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .overrideConfiguration(o -> {
                    o.retryStrategy(AwsRetryStrategy.standardRetryStrategy().toBuilder()
                            .maxAttempts(settings.retries() + 1).build());
                    interceptors.forEach(o::addExecutionInterceptor);
                });
        settings.endpoint().ifPresent(builder::endpointOverride);
        String name = settings.endpoint().map(Object::toString).orElse("AWS S3 (" + settings.region() + ")");
        return new S3Objects(builder.build(), new S3Errors(name));
    }

    @Override
    public Optional<Versioned> getIfChanged(String bucket, String key, String ifNoneMatch) {
        // A ranged GET, not If-None-Match or a HEAD: the SDK answers 304 by an exception whose XML
        // parsing, like a HEAD's own path, costs a short command tens of milliseconds. An object
        // within the range is read whole by the same round trip; a larger one is not read further
        // while its ETag is the one held.
        try {
            ResponseBytes<GetObjectResponse> got = client.getObjectAsBytes(r -> r.bucket(bucket).key(key)
                    .range("bytes=0-" + (WHOLE_AT_ONCE - 1)));
            byte[] head = got.asByteArrayUnsafe();
            String eTag = got.response().eTag();
            long size = objectSize(got.response(), head.length);
            if (size <= head.length) {
                return Optional.of(new Versioned(head, eTag));
            }
            if (eTag != null && eTag.equals(ifNoneMatch)) {
                return Optional.of(new Versioned(null, eTag));
            }
            Range rest = getRange(bucket, key, head.length, size, eTag);
            if (rest == null || rest.objectSize() != size || rest.bytes().length != size - head.length) {
                throw new S3StoreException("s3://" + bucket + "/" + key + " changed while it was read; try again",
                        null);
            }
            byte[] whole = Arrays.copyOf(head, (int) size);
            System.arraycopy(rest.bytes(), 0, whole, head.length, rest.bytes().length);
            return Optional.of(new Versioned(whole, eTag));
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 416) {
                return Optional.of(new Versioned(new byte[0], null));
            }
            if (e.statusCode() == 404 && !isNoSuchBucket(e)) {
                return Optional.empty();
            }
            throw errors.failure(e, "GET", bucket, key);
        } catch (SdkException e) {
            throw errors.failure(e, "GET", bucket, key);
        }
    }

    @Override
    public String origin() {
        return errors.endpoint();
    }

    @Override
    public Range getRange(String bucket, String key, long from, long to, String ifMatch) {
        // Read whole within the SDK's call: a body cut short or late fails that try, which the SDK makes again.
        try {
            ResponseBytes<GetObjectResponse> got = client.getObjectAsBytes(r -> r.bucket(bucket).key(key)
                    .range("bytes=" + from + "-" + (to - 1)).ifMatch(ifMatch));
            byte[] bytes = got.asByteArrayUnsafe();
            return new Range(bytes, got.response().eTag(), objectSize(got.response(), bytes.length));
        } catch (S3Exception e) {
            if (e.statusCode() == 412) {
                return null;
            }
            if (e.statusCode() == 416) {
                return new Range(new byte[0], null, Range.SHORTER);
            }
            throw errors.failure(e, "GET", bucket, key);
        } catch (SdkException e) {
            throw errors.failure(e, "GET", bucket, key);
        }
    }

    @Override
    public Opened stream(String bucket, String key, String ifMatch) {
        ResponseInputStream<GetObjectResponse> in = getObject(bucket, key, ifMatch);
        Long size = in.response().contentLength();
        return new Opened(in, size == null ? -1 : size);
    }

    /**
     * Opens a whole object as a stream, with all the answer's headers.
     *
     * @param bucket the bucket
     * @param key the key
     * @param ifMatch the ETag the object must have, or {@code null}
     * @return the stream, with the answer; close it
     * @throws S3StoreException if the request fails
     */
    ResponseInputStream<GetObjectResponse> getObject(String bucket, String key, String ifMatch) {
        try {
            return client.getObject(r -> r.bucket(bucket).key(key).ifMatch(ifMatch));
        } catch (SdkException e) {
            throw errors.failure(e, "GET", bucket, key);
        }
    }

    @Override
    public void download(String bucket, String key, Path target) {
        try (InputStream in = stream(bucket, key, null).in()) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (SdkException e) {
            throw errors.failure(e, "GET", bucket, key);
        } catch (IOException e) {
            throw new UncheckedIOException("downloading s3://" + bucket + "/" + key + " to " + target + " failed: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public Optional<Head> head(String bucket, String key) {
        try {
            HeadObjectResponse head = client.headObject(r -> r.bucket(bucket).key(key));
            return Optional.of(new Head(head.contentLength(), head.eTag()));
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw errors.failure(e, "HEAD", bucket, key);
        } catch (SdkException e) {
            throw errors.failure(e, "HEAD", bucket, key);
        }
    }

    /**
     * Uploads bytes as an object in one PUT.
     *
     * @param bucket the bucket
     * @param key the key
     * @param body the bytes
     * @return the new object's ETag
     * @throws S3StoreException if the request fails
     */
    String put(String bucket, String key, RequestBody body) {
        try {
            return client.putObject(r -> r.bucket(bucket).key(key), body).eTag();
        } catch (SdkException e) {
            throw errors.failure(e, "PUT", bucket, key);
        }
    }

    /**
     * Deletes an object; a missing one is no error.
     *
     * @param bucket the bucket
     * @param key the key
     * @throws S3StoreException if the request fails
     */
    void delete(String bucket, String key) {
        try {
            client.deleteObject(r -> r.bucket(bucket).key(key));
        } catch (SdkException e) {
            throw errors.failure(e, "DELETE", bucket, key);
        }
    }

    /**
     * The SDK client itself, for multipart uploads.
     *
     * @return the client
     */
    S3Client client() {
        return client;
    }

    /**
     * The error translator of this client's endpoint.
     *
     * @return the translator
     */
    S3Errors errors() {
        return errors;
    }

    @Override
    public void close() {
        client.close();
    }

    private static boolean isNoSuchBucket(S3Exception e) {
        return e.awsErrorDetails() != null && "NoSuchBucket".equals(e.awsErrorDetails().errorCode());
    }

    /** The whole object's size: after the slash of {@code Content-Range: bytes a-b/SIZE}. */
    private static long objectSize(GetObjectResponse response, long read) {
        String range = response.contentRange();
        if (range != null) {
            int slash = range.lastIndexOf('/');
            if (slash >= 0 && !range.endsWith("*")) {
                return Long.parseLong(range.substring(slash + 1).strip());
            }
        }
        return read;
    }
}
