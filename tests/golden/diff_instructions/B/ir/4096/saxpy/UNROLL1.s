	.file	"<stdin>"
	.text
	.p2align 4
	.globl	_Z5saxpylfPKfPf
	.type	_Z5saxpylfPKfPf, @function
_Z5saxpylfPKfPf:
.LFB2:
	.cfi_startproc
	movq	%rdi, %rcx
	testq	%rdi, %rdi
	jle	.L21
	movq	%rdi, %r8
	leaq	-1(%rdi), %rdi
	cmpq	$2, %rdi
	jbe	.L11
	leaq	4(%rsi), %rax
	movq	%rdx, %r9
	subq	%rax, %r9
	xorl	%eax, %eax
	cmpq	$24, %r9
	ja	.L23
	.p2align 4
	.p2align 3
.L9:
	vmovss	(%rsi,%rax,4), %xmm1
	vfmadd213ss	(%rdx,%rax,4), %xmm0, %xmm1
	vmovss	%xmm1, (%rdx,%rax,4)
	incq	%rax
	cmpq	%rax, %rcx
	jne	.L9
	ret
.L19:
	vzeroupper
.L21:
	ret
	.p2align 4
	.p2align 3
.L23:
	cmpq	$6, %rdi
	jbe	.L13
	movq	%rcx, %rdi
	vbroadcastss	%xmm0, %ymm2
	shrq	$3, %rdi
	salq	$5, %rdi
	.p2align 4
	.p2align 3
.L5:
	vmovups	(%rsi,%rax), %ymm1
	vfmadd213ps	(%rdx,%rax), %ymm2, %ymm1
	vmovups	%ymm1, (%rdx,%rax)
	addq	$32, %rax
	cmpq	%rdi, %rax
	jne	.L5
	movq	%rcx, %rax
	andq	$-8, %rax
	movq	%rax, %rdi
	cmpq	%rax, %rcx
	je	.L19
	movq	%rcx, %r8
	subq	%rax, %r8
	leaq	-1(%r8), %r9
	cmpq	$2, %r9
	jbe	.L24
	vzeroupper
.L4:
	salq	$2, %rdi
	vshufps	$0, %xmm0, %xmm0, %xmm1
	leaq	(%rdx,%rdi), %r9
	vmovups	(%r9), %xmm3
	vfmadd132ps	(%rsi,%rdi), %xmm3, %xmm1
	movq	%r8, %rdi
	andq	$-4, %rdi
	addq	%rdi, %rax
	andl	$3, %r8d
	vmovups	%xmm1, (%r9)
	je	.L21
.L7:
	leaq	0(,%rax,4), %rdi
	leaq	(%rdx,%rdi), %r8
	vmovss	(%rsi,%rdi), %xmm1
	vfmadd213ss	(%r8), %xmm0, %xmm1
	vmovss	%xmm1, (%r8)
	leaq	1(%rax), %r8
	cmpq	%r8, %rcx
	jle	.L21
	vmovss	4(%rsi,%rdi), %xmm1
	leaq	4(%rdx,%rdi), %r8
	addq	$2, %rax
	vfmadd213ss	(%r8), %xmm0, %xmm1
	vmovss	%xmm1, (%r8)
	cmpq	%rax, %rcx
	jle	.L21
	leaq	8(%rdx,%rdi), %rax
	vmovss	(%rax), %xmm4
	vfmadd132ss	8(%rsi,%rdi), %xmm4, %xmm0
	vmovss	%xmm0, (%rax)
	ret
	.p2align 4
	.p2align 3
.L11:
	xorl	%eax, %eax
	jmp	.L9
.L13:
	xorl	%edi, %edi
	xorl	%eax, %eax
	jmp	.L4
.L24:
	vzeroupper
	jmp	.L7
	.cfi_endproc
.LFE2:
	.size	_Z5saxpylfPKfPf, .-_Z5saxpylfPKfPf
	.p2align 4
	.globl	abtool_entry
	.type	abtool_entry, @function
abtool_entry:
.LFB3:
	.cfi_startproc
	movq	8(%rdi), %rax
	movq	24(%rdi), %rdx
	movq	16(%rdi), %rsi
	vmovss	(%rax), %xmm0
	movq	(%rdi), %rax
	movq	(%rax), %rdi
	jmp	_Z5saxpylfPKfPf@PLT
	.cfi_endproc
.LFE3:
	.size	abtool_entry, .-abtool_entry
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
