"""rules and derived values

Revision ID: 0002
Revises: 0001
"""

from alembic import op
import sqlalchemy as sa
import db.types


revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('rules',
    sa.Column('id', sa.String(length=120), nullable=False),
    sa.Column('output_id', sa.String(length=120), nullable=False),
    sa.Column('formula', sa.Text(), nullable=False),
    sa.Column('description', sa.Text(), nullable=False),
    sa.Column('subjects', sa.JSON(), nullable=False),
    sa.Column('kinds', sa.JSON(), nullable=False),
    sa.Column('source_id', sa.String(length=120), nullable=True),
    sa.Column('locator', sa.Text(), nullable=True),
    sa.Column('tolerance', sa.Double(), nullable=False),
    sa.Column('file', sa.String(length=500), nullable=False),
    sa.Column('line', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['output_id'], ['quantities.id'], name=op.f('fk_rules_output_id_quantities')),
    sa.ForeignKeyConstraint(['source_id'], ['sources.id'], name=op.f('fk_rules_source_id_sources')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_rules'))
    )
    op.create_table('derivation_problems',
    sa.Column('id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('subject_id', sa.String(length=120), nullable=False),
    sa.Column('quantity_id', sa.String(length=120), nullable=False),
    sa.Column('rule_id', sa.String(length=120), nullable=False),
    sa.Column('kind', sa.String(length=40), nullable=False),
    sa.Column('detail', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['quantity_id'], ['quantities.id'], name=op.f('fk_derivation_problems_quantity_id_quantities')),
    sa.ForeignKeyConstraint(['rule_id'], ['rules.id'], name=op.f('fk_derivation_problems_rule_id_rules')),
    sa.ForeignKeyConstraint(['subject_id'], ['subjects.id'], name=op.f('fk_derivation_problems_subject_id_subjects')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_derivation_problems'))
    )
    op.create_table('derivations',
    sa.Column('id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('subject_id', sa.String(length=120), nullable=False),
    sa.Column('quantity_id', sa.String(length=120), nullable=False),
    sa.Column('rule_id', sa.String(length=120), nullable=False),
    sa.Column('top', sa.Boolean(), nullable=False),
    sa.Column('alternative', sa.Integer(), nullable=False),
    sa.Column('value', sa.Double(), nullable=False),
    sa.Column('low', sa.Double(), nullable=False),
    sa.Column('high', sa.Double(), nullable=False),
    sa.Column('approx', sa.Boolean(), nullable=False),
    sa.Column('weakest_tier', sa.String(length=20), nullable=False),
    sa.Column('widest', sa.Text(), nullable=True),
    sa.Column('conflict', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['quantity_id'], ['quantities.id'], name=op.f('fk_derivations_quantity_id_quantities')),
    sa.ForeignKeyConstraint(['rule_id'], ['rules.id'], name=op.f('fk_derivations_rule_id_rules')),
    sa.ForeignKeyConstraint(['subject_id'], ['subjects.id'], name=op.f('fk_derivations_subject_id_subjects')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_derivations'))
    )
    with op.batch_alter_table('derivations', schema=None) as batch_op:
        batch_op.create_index('ix_derivations_subject_quantity', ['subject_id', 'quantity_id'], unique=False)

    op.create_table('derivation_inputs',
    sa.Column('derivation_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('ref', sa.Text(), nullable=False),
    sa.Column('subject_id', sa.String(length=120), nullable=False),
    sa.Column('quantity_id', sa.String(length=120), nullable=False),
    sa.Column('fact_id', sa.String(length=200), nullable=True),
    sa.Column('input_derivation_id', sa.Integer(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('others', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['derivation_id'], ['derivations.id'], name=op.f('fk_derivation_inputs_derivation_id_derivations'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['fact_id'], ['facts.id'], name=op.f('fk_derivation_inputs_fact_id_facts')),
    sa.ForeignKeyConstraint(['input_derivation_id'], ['derivations.id'], name=op.f('fk_derivation_inputs_input_derivation_id_derivations')),
    sa.ForeignKeyConstraint(['quantity_id'], ['quantities.id'], name=op.f('fk_derivation_inputs_quantity_id_quantities')),
    sa.ForeignKeyConstraint(['subject_id'], ['subjects.id'], name=op.f('fk_derivation_inputs_subject_id_subjects')),
    sa.PrimaryKeyConstraint('derivation_id', 'position', name=op.f('pk_derivation_inputs'))
    )


def downgrade() -> None:
    op.drop_table('derivation_inputs')
    with op.batch_alter_table('derivations', schema=None) as batch_op:
        batch_op.drop_index('ix_derivations_subject_quantity')

    op.drop_table('derivations')
    op.drop_table('derivation_problems')
    op.drop_table('rules')
