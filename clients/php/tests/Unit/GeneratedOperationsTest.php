<?php

declare(strict_types=1);

namespace PdfService\Tests\Unit;

use PdfService\PdfClient;
use PHPUnit\Framework\TestCase;

/** The generated methods: one per operation, the input first, named options, per-call settings last. */
final class GeneratedOperationsTest extends TestCase
{
    public function testEveryOperationHasAMethodWithNamedOptions(): void
    {
        foreach (array_keys(PdfClient::OPERATIONS) as $operation) {
            $method = lcfirst(str_replace(' ', '', ucwords(str_replace('-', ' ', $operation))));
            $this->assertTrue(method_exists(PdfClient::class, $method), $operation);
            $parameters = (new \ReflectionMethod(PdfClient::class, $method))->getParameters();
            $this->assertSame('input', $parameters[0]->getName(), $operation);
            $this->assertSame('call', end($parameters)->getName(), $operation);
        }
        $split = array_map(static fn ($p) => $p->getName(), (new \ReflectionMethod(PdfClient::class, 'split'))->getParameters());
        $this->assertSame(['input', 'mode', 'ranges', 'pagesPerFile', 'pages', 'threshold', 'qrText', 'keepSeparator', 'maxSize', 'password', 'call'], $split);
    }
}
